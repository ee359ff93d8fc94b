import { Link } from 'react-router';
import type { AccountSummary } from '@reverie/shared';
import { dateTime, formatNumber } from '@/lib/format';
import { Initials } from './admin-badges';
import { FactList, Panel } from './fact-list';

export function AccountCard({ account, title = 'Owner', link = true }: { account: AccountSummary; title?: string; link?: boolean }) {
  return (
    <Panel
      title={title}
      action={
        link ? (
          <Link to={`/admin/users/${account.id}`} className="text-sm font-medium text-primary hover:underline">
            Account and history
          </Link>
        ) : null
      }
    >
      <div className="flex items-center gap-3">
        <Initials name={account.username} />
        <div className="min-w-0">
          <p className="truncate font-semibold text-fg">@{account.username}</p>
          <p className="truncate text-xs text-fg-subtle">{account.email}</p>
        </div>
      </div>
      <FactList
        facts={[
          ['Role', account.role],
          ['Status', account.suspendedAt ? `suspended ${dateTime(account.suspendedAt)}` : 'active'],
          ...(account.suspensionReason ? ([['Suspension reason', account.suspensionReason]] as Array<[string, string]>) : []),
          ['Warnings', String(account.warnings)],
          ['Coins', formatNumber(account.coins)],
          ['Membership', account.tier],
          ['E-mail verified', account.emailVerified ? 'yes' : 'no'],
          ['Joined', dateTime(account.createdAt)],
        ]}
      />
    </Panel>
  );
}
