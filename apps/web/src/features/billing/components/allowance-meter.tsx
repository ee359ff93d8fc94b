import type { Allowance } from '@reverie/shared';
import { cn } from '@/lib/utils';
import { formatDateTime } from '../lib/money';
import { formatNumber } from '@/lib/format';

/** "37 of 50 free messages left today", with a bar and when it resets. */
export function AllowanceMeter({ label, allowance, period }: { label: string; allowance: Allowance; period: string }) {
  const ratio = allowance.limit > 0 ? allowance.remaining / allowance.limit : 0;
  return (
    <div className="grid gap-1.5">
      <div className="flex items-baseline justify-between gap-2 text-sm">
        <span className="font-medium text-fg">{label}</span>
        <span className="font-semibold text-fg tabular-nums" aria-hidden="true">
          {formatNumber(allowance.remaining)}
          <span className="font-normal text-fg-subtle"> / {formatNumber(allowance.limit)}</span>
        </span>
      </div>
      <div
        role="meter"
        aria-label={`${label} left ${period}`}
        aria-valuemin={0}
        aria-valuemax={allowance.limit}
        aria-valuenow={allowance.remaining}
        className="h-2 overflow-hidden rounded-full bg-surface-raised"
      >
        <div
          className={cn('h-full rounded-full', ratio > 0.2 ? 'bg-linear-to-r from-primary-strong to-accent-strong' : 'bg-warning')}
          style={{ width: `${Math.max(0, Math.min(1, ratio)) * 100}%` }}
        />
      </div>
      <p className="text-xs text-fg-subtle">
        {formatNumber(allowance.remaining)} of {formatNumber(allowance.limit)} left {period} · resets {formatDateTime(allowance.resetsAt)}
      </p>
    </div>
  );
}
