import { Lock } from 'lucide-react';
import type { BillingPeriod, Plan, Subscription } from '@reverie/shared';
import { ErrorPanel } from '@/components/page/error-panel';
import { LinkButton } from '@/components/page/link-button';
import { Button } from '@/components/ui/button';
import { PlanCard, PlanCardSkeleton, type usePlans } from '@/features/billing';
import { formatDate } from '@/features/billing';
import { getErrorMessage } from '@/lib/api-client';

/** Where the caller stands: their tier (null for a guest) and their membership unless it is canceled. */
export interface PlanStanding {
  signedIn: boolean;
  tier: string | null;
  live: Subscription | null;
}

/** The plans in a row (skeletons while they load, an error panel if they cannot), each with its note and its button. */
export function PlanList({
  plans,
  period,
  standing,
  busyPlan,
  disabled,
  onStart,
}: {
  plans: ReturnType<typeof usePlans>;
  period: BillingPeriod;
  standing: PlanStanding;
  busyPlan: string | null | undefined;
  disabled: boolean;
  onStart: (plan: Plan) => void;
}) {
  if (plans.isPending) {
    return (
      <div className="grid gap-5 lg:grid-cols-3">
        <PlanCardSkeleton />
        <PlanCardSkeleton />
        <PlanCardSkeleton />
        <span className="sr-only" role="status">
          Loading plans...
        </span>
      </div>
    );
  }
  if (plans.isError) {
    return (
      <ErrorPanel
        title="Plans could not be loaded"
        message={getErrorMessage(plans.error, 'Please try again in a moment.')}
        onRetry={() => void plans.refetch()}
        retrying={plans.isFetching}
      />
    );
  }
  return (
    <div className="grid items-start gap-5 lg:grid-cols-3">
      {plans.data.plans.map((plan) => (
        <PlanCard
          key={plan.id}
          plan={plan}
          period={period}
          current={standing.tier === plan.id}
          note={planNote(plan, standing.live, period)}
          action={planAction({ plan, period, standing, busy: busyPlan === plan.id, disabled, onStart })}
        />
      ))}
    </div>
  );
}

/** When the live membership is on this plan: when it ends, or when it renews (and how it is paid if not by this period). */
function planNote(plan: Plan, live: Subscription | null, period: BillingPeriod) {
  if (!live || live.plan !== plan.id) return null;
  if (live.cancelAtPeriodEnd) return `Ends ${formatDate(live.currentPeriodEnd)}`;
  if (live.billingPeriod !== period) return `You pay ${live.billingPeriod}; renews ${formatDate(live.currentPeriodEnd)}`;
  return `Renews ${formatDate(live.currentPeriodEnd)}`;
}

/**
 * A plan's button: Free is browsed or already included, the live plan and period is managed, any other plan is bought
 * or switched to.
 */
function planAction({
  plan,
  period,
  standing: { signedIn, tier, live },
  busy,
  disabled,
  onStart,
}: {
  plan: Plan;
  period: BillingPeriod;
  standing: PlanStanding;
  busy: boolean;
  disabled: boolean;
  onStart: (plan: Plan) => void;
}) {
  const isCurrentTier = tier === plan.id;
  if (plan.id === 'free') {
    if (!signedIn)
      return (
        <LinkButton to="/" variant="secondary" className="h-auto min-h-10 w-full py-2 whitespace-normal">
          Browse for free
        </LinkButton>
      );
    return (
      <Button variant="secondary" className="h-auto min-h-10 w-full py-2 whitespace-normal" disabled>
        {isCurrentTier ? 'Your current plan' : 'Included with every account'}
      </Button>
    );
  }
  const samePlanAndPeriod = live && live.plan === plan.id && live.billingPeriod === period;
  if (samePlanAndPeriod) {
    return (
      <LinkButton to="/subscription/manage" variant="secondary" className="h-auto min-h-10 w-full py-2 whitespace-normal">
        Manage membership
      </LinkButton>
    );
  }
  const label = live ? (live.plan === plan.id ? `Switch to ${period} billing` : `Switch to ${plan.name}`) : `Get ${plan.name}`;
  return (
    <Button
      size="lg"
      variant={plan.highlighted ? 'primary' : 'secondary'}
      className="h-auto min-h-12 w-full py-2 whitespace-normal"
      disabled={disabled}
      onClick={() => onStart(plan)}
    >
      <Lock aria-hidden="true" />
      {busy ? 'Opening checkout...' : label}
    </Button>
  );
}
