import { RefreshCcw } from 'lucide-react';
import type { BillingPeriod, Plan, Subscription } from '@reverie/shared';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { formatDate, formatMoney } from '@/features/billing';

/** A change of plan or billing period the member is asked to confirm. */
export interface PlanChange {
  plan: Plan;
  period: BillingPeriod;
}

/** Asks a member to confirm a change of plan: upgrades are charged now, downgrades wait for the period end. */
export function ChangePlanDialog({
  change,
  live,
  busy,
  onCancel,
  onConfirm,
}: {
  change: PlanChange | null;
  live: Subscription | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const changePrice = change?.plan.prices?.[change.period];
  return (
    <ConfirmDialog
      open={change !== null}
      onOpenChange={(o) => !o && onCancel()}
      title={change ? `Switch to ${change.plan.name} (${change.period})?` : ''}
      description={
        change && live
          ? `Upgrades apply now: your saved card is charged the difference for the rest of this period${
              changePrice
                ? ` (${change.plan.name} costs ${formatMoney(changePrice.amountCents, changePrice.currency)} per ${change.period === 'yearly' ? 'year' : 'month'})`
                : ''
            }. Downgrades start when your current period ends on ${formatDate(live.currentPeriodEnd)}.`
          : ''
      }
      confirmLabel="Confirm change"
      busyLabel="Changing plan..."
      cancelLabel="Not now"
      busy={busy}
      onConfirm={onConfirm}
    >
      <p className="flex items-center gap-2 text-xs text-fg-subtle">
        <RefreshCcw aria-hidden="true" className="size-3.5" />
        Monthly coins you already claimed are topped up to the new plan's amount.
      </p>
    </ConfirmDialog>
  );
}
