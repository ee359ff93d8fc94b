import { ArrowDownLeft, ArrowUpRight, Receipt } from 'lucide-react';
import type { CoinMovement } from '@reverie/shared';
import { EmptyState } from '@/components/page/empty-state';
import { formatCoins } from '@/lib/format';
import { cn } from '@/lib/utils';
import { formatDateTime } from '../lib/money';

/** Recent coin movements with their reasons, newest first. */
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
  return (
    <ol className="divide-y divide-border overflow-hidden rounded-2xl border border-border bg-surface" aria-label="Coin history">
      {movements.map((m) => {
        const credit = m.delta >= 0;
        const Icon = credit ? ArrowDownLeft : ArrowUpRight;
        return (
          <li key={m.id} className="flex items-center gap-3 px-4 py-3">
            <span
              aria-hidden="true"
              className={cn(
                'inline-flex size-9 shrink-0 items-center justify-center rounded-xl ring-1',
                credit ? 'bg-success/10 text-success ring-success/30' : 'bg-surface-raised text-fg-muted ring-border',
              )}
            >
              <Icon className="size-4" />
            </span>
            <div className="min-w-0 grow">
              <p className="truncate text-sm font-medium text-fg">{m.label}</p>
              <p className="text-xs text-fg-subtle">
                <time dateTime={m.createdAt}>{formatDateTime(m.createdAt)}</time> · balance {formatCoins(m.balanceAfter)}
              </p>
            </div>
            <span className={cn('shrink-0 text-sm font-bold tabular-nums', credit ? 'text-success' : 'text-fg-muted')}>
              {credit ? '+' : '−'}
              {formatCoins(Math.abs(m.delta))}
              <span className="sr-only"> coins</span>
            </span>
          </li>
        );
      })}
    </ol>
  );
}
