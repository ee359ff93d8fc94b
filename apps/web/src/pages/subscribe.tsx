import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Crown, Lock, RefreshCcw, ShieldCheck } from 'lucide-react';
import type { BillingPeriod, PaidTier, Plan } from '@reverie/shared';
import { ErrorPanel } from '@/components/page/error-panel';
import { LinkButton } from '@/components/page/link-button';
import { Page } from '@/components/page/page';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { SegmentedControl } from '@/components/ui/segmented-control';
import { useSession } from '@/features/auth';
import { useChangePlan } from '@/features/billing';
import { usePlans } from '@/features/billing';
import { useSubscriptionStatus } from '@/features/billing';
import { useSubscribe } from '@/features/billing';
import { PlanCard, PlanCardSkeleton } from '@/features/billing';
import { RetiredPaymentsNote } from '@/features/billing';
import { TestModeBanner } from '@/features/billing';
import { bestYearlySaving, formatDate, formatMoney } from '@/features/billing';
import { openCheckout } from '@/features/billing';
import { useGuestPrompt } from '@/features/guest';
import { getErrorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';

export default function SubscribePage() {
  const navigate = useNavigate();
  const { user } = useSession();
  const guestPrompt = useGuestPrompt();
  const plans = usePlans();
  const status = useSubscriptionStatus(Boolean(user));
  const subscription = user ? (status.data?.subscription ?? null) : null;
  const live = subscription && subscription.status !== 'canceled' ? subscription : null;
  const [chosenPeriod, setPeriod] = useState<BillingPeriod | null>(null);
  const period = chosenPeriod ?? live?.billingPeriod ?? 'monthly';
  const [change, setChange] = useState<{ plan: Plan; period: BillingPeriod } | null>(null);
  const subscribe = useSubscribe();
  const changePlan = useChangePlan();
  const tier = user ? (status.data?.tier ?? user.tier) : null;

  const start = (plan: Plan) => {
    if (!user) {
      guestPrompt.open(`subscribe to ${plan.name}`);
      return;
    }
    if (live) {
      setChange({ plan, period });
      return;
    }
    subscribe.mutate(
      { planId: plan.id as PaidTier, billingPeriod: period },
      {
        onSuccess: (result) => {
          if (result.checkoutUrl) openCheckout(result.checkoutUrl, navigate);
          else if (result.status === 'succeeded') navigate('/subscription/manage');
        },
        onError: (error) =>
          toast({ title: 'Could not start checkout', description: getErrorMessage(error, 'Please try again.'), variant: 'destructive' }),
      },
    );
  };

  const confirmChange = () => {
    if (!change) return;
    changePlan.mutate(
      { plan: change.plan.id as PaidTier, billingPeriod: change.period },
      {
        onSuccess: (result) => {
          setChange(null);
          if (result.checkoutUrl) {
            openCheckout(result.checkoutUrl, navigate);
            return;
          }
          toast({ title: 'Membership updated', description: result.message, variant: 'success' });
        },
        onError: (error) =>
          toast({ title: 'Could not change your plan', description: getErrorMessage(error, 'Please try again.'), variant: 'destructive' }),
      },
    );
  };

  const saving = plans.data ? bestYearlySaving(plans.data.plans) : 0;
  const busyPlan = subscribe.isPending ? subscribe.variables?.planId : null;

  const actionFor = (plan: Plan) => {
    const isCurrentTier = tier === plan.id;
    if (plan.id === 'free') {
      if (!user)
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
        disabled={subscribe.isPending || changePlan.isPending}
        onClick={() => start(plan)}
      >
        <Lock aria-hidden="true" />
        {busyPlan === plan.id ? 'Opening checkout...' : label}
      </Button>
    );
  };

  const noteFor = (plan: Plan) => {
    if (!live || live.plan !== plan.id) return null;
    if (live.cancelAtPeriodEnd) return `Ends ${formatDate(live.currentPeriodEnd)}`;
    if (live.billingPeriod !== period) return `You pay ${live.billingPeriod}; renews ${formatDate(live.currentPeriodEnd)}`;
    return `Renews ${formatDate(live.currentPeriodEnd)}`;
  };

  const changePrice = change?.plan.prices?.[change.period];

  return (
    <Page
      title="Membership plans"
      description="Premium characters, longer replies, free images and coins every month. Cancel any time."
      icon={<Crown />}
      actions={
        user && live ? (
          <LinkButton to="/subscription/manage" variant="secondary">
            Manage membership
          </LinkButton>
        ) : undefined
      }
    >
      <div className="mb-8 flex flex-col items-center gap-3">
        <SegmentedControl
          label="Billing period"
          value={period}
          onChange={setPeriod}
          options={[
            { value: 'monthly', label: 'Monthly' },
            { value: 'yearly', label: 'Yearly', badge: saving > 0 ? `Save up to ${saving}%` : undefined },
          ]}
        />
        {plans.data?.mode === 'sandbox' ? <TestModeBanner detail="memberships are paid with test cards" /> : null}
      </div>

      {plans.isPending ? (
        <div className="grid gap-5 lg:grid-cols-3">
          <PlanCardSkeleton />
          <PlanCardSkeleton />
          <PlanCardSkeleton />
          <span className="sr-only" role="status">
            Loading plans...
          </span>
        </div>
      ) : plans.isError ? (
        <ErrorPanel
          title="Plans could not be loaded"
          message={getErrorMessage(plans.error, 'Please try again in a moment.')}
          onRetry={() => void plans.refetch()}
          retrying={plans.isFetching}
        />
      ) : (
        <div className="grid items-start gap-5 lg:grid-cols-3">
          {plans.data.plans.map((plan) => (
            <PlanCard key={plan.id} plan={plan} period={period} current={tier === plan.id} note={noteFor(plan)} action={actionFor(plan)} />
          ))}
        </div>
      )}

      <div className="mt-8 flex flex-col items-center gap-2 text-center text-xs text-fg-subtle">
        <p className="flex items-center gap-1.5">
          <ShieldCheck aria-hidden="true" className="size-4 text-success" />
          Secure checkout. Cancel any time from Manage membership; you keep your plan until the period ends.
        </p>
        <RetiredPaymentsNote />
      </div>

      <ConfirmDialog
        open={change !== null}
        onOpenChange={(o) => !o && setChange(null)}
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
        busy={changePlan.isPending}
        onConfirm={confirmChange}
      >
        <p className="flex items-center gap-2 text-xs text-fg-subtle">
          <RefreshCcw aria-hidden="true" className="size-3.5" />
          Monthly coins you already claimed are topped up to the new plan's amount.
        </p>
      </ConfirmDialog>
    </Page>
  );
}
