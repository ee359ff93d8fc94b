import { ArrowDownLeft, ArrowUpRight, CornerDownRight, Receipt } from 'lucide-react';
import type { CoinMovement } from '@reverie/shared';
import { EmptyState } from '@/components/page/empty-state';
import { formatCoins } from '@/lib/format';
import { cn } from '@/lib/utils';
import { formatDateTime } from '../lib/money';

/**
 * Recent coin movements with their reasons, newest first. A refund is shown under the charge it gives back (the
 * server links them: `refundOf`), so a failed reply reads as "charged, then refunded"; a refund whose charge is
 * older than the list stands alone.
 */
export function CoinHistory({ movements }: { movements: CoinMovement[] }) {
  if (movements.length === 0) {
    return (
      <EmptyState
        icon={<Receipt />}
        title="No coin movements yet"
        description="Purchases, monthly coins and what you spend on messages and images will be listed here."
      />
    );
  }
  const listed = new Set(movements.map((m) => m.id));
  const refundOf = new Map<string, CoinMovement>();
  for (const m of movements) if (m.refundOf && listed.has(m.refundOf)) refundOf.set(m.refundOf, m);
  const rows = movements.filter((m) => !(m.refundOf && listed.has(m.refundOf)));
  return (
    <ol className="divide-y divide-border overflow-hidden rounded-2xl border border-border bg-surface" aria-label="Coin history">
      {rows.map((m) => {
        const refund = refundOf.get(m.id);
        return (
          <li key={m.id} className="px-4 py-3">
            <MovementRow movement={m} refunded={Boolean(refund)} />
            {refund ? (
              <div data-testid="refund-row" className="mt-2 flex items-center gap-3 border-l-2 border-success/40 pl-3">
                <MovementRow movement={refund} nested />
              </div>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}

function MovementRow({ movement: m, refunded, nested }: { movement: CoinMovement; refunded?: boolean; nested?: boolean }) {
  const credit = m.delta >= 0;
  const Icon = nested ? CornerDownRight : credit ? ArrowDownLeft : ArrowUpRight;
  return (
    <div className="flex w-full items-center gap-3">
      <span
        aria-hidden="true"
        className={cn(
          'inline-flex shrink-0 items-center justify-center rounded-xl ring-1',
          nested ? 'size-7' : 'size-9',
          credit ? 'bg-success/10 text-success ring-success/30' : 'bg-surface-raised text-fg-muted ring-border',
        )}
      >
        <Icon className="size-4" />
      </span>
      {/* Labels wrap (a phone shows them whole) and never widen the page. */}
      <div className="w-0 min-w-0 grow">
        <p className="text-sm font-medium break-words text-fg">
          {m.label}
          {refunded ? <span className="ml-2 rounded bg-success/10 px-1.5 py-0.5 text-xs font-medium text-success">refunded</span> : null}
        </p>
        <p className="text-xs text-fg-subtle">
          <time dateTime={m.createdAt}>{formatDateTime(m.createdAt)}</time> · balance {formatCoins(m.balanceAfter)}
        </p>
      </div>
      <span className={cn('shrink-0 text-sm font-bold tabular-nums', credit ? 'text-success' : 'text-fg-muted')}>
        {credit ? '+' : '−'}
        {formatCoins(Math.abs(m.delta))}
        <span className="sr-only"> coins</span>
      </span>
    </div>
  );
}
