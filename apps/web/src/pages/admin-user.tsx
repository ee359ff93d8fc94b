import { Link, useParams } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { useAdminUser } from '@/features/admin';
import { AccountActions } from '@/features/admin';
import { AccountCard } from '@/features/admin';
import { AgeAssurancePanel } from '@/features/admin';
import { AdminError, AdminLoading } from '@/features/admin';
import { AuditList } from '@/features/admin';
import { Panel } from '@/features/admin';
import { QueueRow } from '@/features/admin';
import { useSession } from '@/features/auth';
import { useDocumentTitle } from '@/lib/document-title';

/** /admin/users/{id}: an account, what was done about it, its open items and held characters, and the actions. */
export default function AdminUserPage() {
  const { id = '' } = useParams();
  const query = useAdminUser(id);
  const { user } = useSession();
  useDocumentTitle(query.data ? `@${query.data.account.username}` : 'Account');
  if (query.isPending) return <AdminLoading label="Loading the account" />;
  if (query.isError) return <AdminError error={query.error} onRetry={() => void query.refetch()} what="this account" />;
  const { account, history, openItems, heldCharacters } = query.data;
  return (
    <div className="grid gap-5">
      <Link
        to="/admin/users"
        className="inline-flex items-center gap-1.5 text-sm text-fg-muted hover:text-fg focus-visible:outline-2 focus-visible:outline-ring"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        Accounts
      </Link>
      <h1 className="text-2xl font-bold tracking-tight break-words text-fg">@{account.username}</h1>
      <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_minmax(0,24rem)] lg:items-start">
        <div className="grid min-w-0 gap-5">
          <AccountCard account={account} title="Account" link={false} />
          <Panel title="History">
            <AuditList entries={history} empty="No moderation actions on this account or its content." />
          </Panel>
          <Panel title="Open items">
            {openItems.length ? (
              <ul className="grid gap-2">
                {openItems.map((i) => (
                  <QueueRow key={i.id} item={i} />
                ))}
              </ul>
            ) : (
              <p className="text-sm text-fg-subtle">Nothing open about this account.</p>
            )}
          </Panel>
          <Panel title="Characters held by moderators">
            {heldCharacters.length ? (
              <ul className="grid gap-1 text-sm">
                {heldCharacters.map((c) => (
                  <li key={c.id} className="break-words text-fg">
                    {c.label} <span className="font-mono text-xs text-fg-subtle">{c.id}</span>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-fg-subtle">None.</p>
            )}
          </Panel>
        </div>
        <div className="lg:sticky lg:top-20">
          <AccountActions account={account} isAdmin={user?.role === 'admin'} isSelf={user?.id === account.id} />
          {user?.role === 'admin' ? (
            <div className="mt-5">
              <AgeAssurancePanel userId={account.id} />
            </div>
          ) : null}
        </div>
      </div>
    </div>
  );
}
