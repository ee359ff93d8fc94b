import { useState } from 'react';
import { useNavigate, type NavigateFunction } from 'react-router';
import { Crown, ShieldCheck } from 'lucide-react';
import type { BillingPeriod, PaidTier, Plan, Subscription } from '@reverie/shared';
import { LinkButton } from '@/components/page/link-button';
import { Page } from '@/components/page/page';
import { SegmentedControl } from '@/components/ui/segmented-control';
import { useSession } from '@/features/auth';
import { useChangePlan } from '@/features/billing';
import { usePlans } from '@/features/billing';
import { useSubscriptionStatus } from '@/features/billing';
import { useSubscribe } from '@/features/billing';
import { RetiredPaymentsNote } from '@/features/billing';
import { TestModeBanner } from '@/features/billing';
import { bestYearlySaving } from '@/features/billing';
import { openCheckout } from '@/features/billing';
import { useGuestPrompt } from '@/features/guest';
import { getErrorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { ChangePlanDialog, type PlanChange } from './subscribe/change-plan-dialog';
import { PlanList } from './subscribe/plan-list';

/**
 * What choosing a plan does: a guest is asked to sign up, a member with a live membership confirms a change first
 * (`change`), anyone else goes to checkout.
 */
function usePlanActions({
  signedIn,
  live,
  period,
  navigate,
  guestPrompt,
}: {
  signedIn: boolean;
  live: Subscription | null;
  period: BillingPeriod;
  navigate: NavigateFunction;
  guestPrompt: ReturnType<typeof useGuestPrompt>;
}) {
  const [change, setChange] = useState<PlanChange | null>(null);
  const subscribe = useSubscribe();
  const changePlan = useChangePlan();

  const start = (plan: Plan) => {
    if (!signedIn) {
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

  return { change, setChange, subscribe, changePlan, start, confirmChange };
}

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
  const { change, setChange, subscribe, changePlan, start, confirmChange } = usePlanActions({
    signedIn: Boolean(user),
    live,
    period,
    navigate,
    guestPrompt,
  });
  const tier = user ? (status.data?.tier ?? user.tier) : null;

  const saving = plans.data ? bestYearlySaving(plans.data.plans) : 0;
  const busyPlan = subscribe.isPending ? subscribe.variables?.planId : null;

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

      <PlanList
        plans={plans}
        period={period}
        standing={{ signedIn: Boolean(user), tier, live }}
        busyPlan={busyPlan}
        disabled={subscribe.isPending || changePlan.isPending}
        onStart={start}
      />

      <div className="mt-8 flex flex-col items-center gap-2 text-center text-xs text-fg-subtle">
        <p className="flex items-center gap-1.5">
          <ShieldCheck aria-hidden="true" className="size-4 text-success" />
          Secure checkout. Cancel any time from Manage membership; you keep your plan until the period ends.
        </p>
        <RetiredPaymentsNote />
      </div>

      <ChangePlanDialog
        change={change}
        live={live}
        busy={changePlan.isPending}
        onCancel={() => setChange(null)}
        onConfirm={confirmChange}
      />
    </Page>
  );
}
