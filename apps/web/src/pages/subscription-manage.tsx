import { useState } from 'react';
import { AlertTriangle, CalendarDays, Crown, FileText, RefreshCw, Settings2, Wallet } from 'lucide-react';
import type { Plan, Subscription } from '@reverie/shared';
import { EmptyState } from '@/components/page/empty-state';
import { LinkButton } from '@/components/page/link-button';
import { Page } from '@/components/page/page';
import { SettingsSection } from '@/components/page/settings-section';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Spinner } from '@/components/ui/spinner';
import { RequireSession } from '@/features/auth';
import { useCancelSubscription } from '@/features/billing';
import { useInvoices } from '@/features/billing';
import { usePaymentsStatus } from '@/features/billing';
import { usePlans } from '@/features/billing';
import { useSubscriptionStatus } from '@/features/billing';
import { useResumeSubscription } from '@/features/billing';
import { useUpdateTier } from '@/features/billing';
import { InvoiceList } from '@/features/billing';
import { PaymentMethodSection } from '@/features/billing';
import { TestModeBanner } from '@/features/billing';
import { formatDate, formatMoney } from '@/features/billing';
import { getErrorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';

const TIER_NAMES = { free: 'Free', premium: 'Premium', ultimate: 'Ultimate' } as const;

function statusBadge(sub: Subscription) {
  if (sub.status === 'canceled' || sub.endedAt) return <Badge>Ended</Badge>;
  if (sub.status === 'past_due') return <Badge className="bg-warning/15 text-warning ring-warning/30">Payment failed</Badge>;
  if (sub.cancelAtPeriodEnd)
    return <Badge className="bg-warning/15 text-warning ring-warning/30">Cancels {formatDate(sub.currentPeriodEnd)}</Badge>;
  if (sub.status === 'incomplete') return <Badge variant="accent">Incomplete</Badge>;
  return <Badge variant="success">Active</Badge>;
}

/** The plan's name and status, its price and billing period, and a way to change plan or subscribe again. */
function PlanHeading({ sub, plan, ended }: { sub: Subscription; plan: Plan | undefined; ended: boolean }) {
  const price = plan?.prices?.[sub.billingPeriod];
  return (
    <div className="flex flex-wrap items-start justify-between gap-4">
      <div>
        <p className="flex flex-wrap items-center gap-2 text-2xl font-bold text-fg" data-testid="manage-plan">
          {TIER_NAMES[sub.plan]}
          {statusBadge(sub)}
        </p>
        <p className="mt-1 text-sm text-fg-muted">
          {price ? `${formatMoney(price.amountCents, price.currency)} per ${sub.billingPeriod === 'yearly' ? 'year' : 'month'}` : null}
          {price ? ' · ' : null}
          Billed {sub.billingPeriod}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        {!ended ? (
          <LinkButton to="/subscribe" variant="secondary">
            Change plan
          </LinkButton>
        ) : (
          <LinkButton to="/subscribe">Subscribe again</LinkButton>
        )}
      </div>
    </div>
  );
}

/** When the membership renews, ends or ended, and since when it runs. */
function PlanDates({ sub, ended }: { sub: Subscription; ended: boolean }) {
  return (
    <dl className="grid gap-3 sm:grid-cols-2">
      <div className="rounded-xl bg-surface-raised px-4 py-3 ring-1 ring-border">
        <dt className="flex items-center gap-1.5 text-xs text-fg-muted">
          <CalendarDays aria-hidden="true" className="size-3.5" />
          {ended ? 'Ended on' : sub.cancelAtPeriodEnd ? 'Ends on' : 'Renews on'}
        </dt>
        <dd className="mt-0.5 text-base font-semibold text-fg" data-testid="manage-period-end">
          {formatDate(sub.endedAt ?? sub.currentPeriodEnd)}
        </dd>
      </div>
      <div className="rounded-xl bg-surface-raised px-4 py-3 ring-1 ring-border">
        <dt className="text-xs text-fg-muted">Member since</dt>
        <dd className="mt-0.5 text-base font-semibold text-fg">{formatDate(sub.createdAt)}</dd>
      </div>
    </dl>
  );
}

/** A plan change waiting for the period end, and a failed renewal payment. */
function PlanNotices({ sub, ended }: { sub: Subscription; ended: boolean }) {
  return (
    <>
      {sub.scheduledChange && !ended ? (
        <p className="rounded-xl border border-accent/30 bg-accent/10 px-4 py-3 text-sm text-fg">
          Switching to {TIER_NAMES[sub.scheduledChange.plan]} ({sub.scheduledChange.billingPeriod}) on {formatDate(sub.currentPeriodEnd)}.
        </p>
      ) : null}
      {sub.status === 'past_due' ? (
        <p role="alert" className="flex items-start gap-2 rounded-xl border border-warning/40 bg-warning/10 px-4 py-3 text-sm text-warning">
          <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          Your last renewal payment failed. Update your card to keep your membership.
        </p>
      ) : null}
    </>
  );
}

function PlanSummary({ sub, plan }: { sub: Subscription; plan: Plan | undefined }) {
  const cancel = useCancelSubscription();
  const resume = useResumeSubscription();
  const sync = useUpdateTier();
  const [confirming, setConfirming] = useState(false);
  const ended = sub.status === 'canceled' || Boolean(sub.endedAt);

  const doCancel = () =>
    cancel.mutate(
      { subscriptionId: sub.id },
      {
        onSuccess: (result) => {
          setConfirming(false);
          toast({ title: 'Membership canceled', description: result.message, variant: 'success' });
        },
        onError: (error) =>
          toast({ title: 'Could not cancel', description: getErrorMessage(error, 'Please try again.'), variant: 'destructive' }),
      },
    );
  const doResume = () =>
    resume.mutate(undefined, {
      onSuccess: (result) => toast({ title: 'Membership resumed', description: result.message, variant: 'success' }),
      onError: (error) =>
        toast({ title: 'Could not resume', description: getErrorMessage(error, 'Please try again.'), variant: 'destructive' }),
    });

  return (
    <div className="grid gap-5">
      <PlanHeading sub={sub} plan={plan} ended={ended} />

      <PlanDates sub={sub} ended={ended} />

      <PlanNotices sub={sub} ended={ended} />

      <div className="flex flex-wrap items-center gap-2 border-t border-border pt-4">
        {ended ? null : sub.cancelAtPeriodEnd ? (
          <Button disabled={resume.isPending} onClick={doResume}>
            {resume.isPending ? 'Resuming...' : 'Resume membership'}
          </Button>
        ) : (
          <Button variant="outline" className="text-danger" onClick={() => setConfirming(true)}>
            Cancel membership
          </Button>
        )}
        <Button
          variant="ghost"
          disabled={sync.isPending}
          onClick={() =>
            sync.mutate(sub.plan, {
              onSuccess: (r) => toast({ title: 'Membership checked', description: `Your plan is ${TIER_NAMES[r.tier]}.` }),
            })
          }
        >
          <RefreshCw aria-hidden="true" className={sync.isPending ? 'animate-spin' : undefined} />
          Refresh status
        </Button>
      </div>

      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Cancel your membership?"
        description={`You keep ${TIER_NAMES[sub.plan]} until ${formatDate(sub.currentPeriodEnd)}. After that you move to the free plan and are not charged again. Your coins stay yours.`}
        confirmLabel="Cancel membership"
        busyLabel="Canceling..."
        cancelLabel="Keep membership"
        destructive
        busy={cancel.isPending}
        onConfirm={doCancel}
      />
    </div>
  );
}

function ManageMembership() {
  const status = useSubscriptionStatus();
  const payments = usePaymentsStatus();
  const invoices = useInvoices();
  const plans = usePlans();

  if (status.isPending) {
    return (
      <div className="flex justify-center py-16">
        <Spinner label="Loading your membership..." showLabel />
      </div>
    );
  }
  const data = status.data;
  const sub = data?.subscription ?? null;
  const mode = payments.data?.mode ?? plans.data?.mode ?? 'sandbox';
  const plan = plans.data?.plans.find((p) => p.id === sub?.plan);

  return (
    <div className="grid max-w-3xl gap-5">
      {data && !data.success ? (
        <p
          role="status"
          className="flex items-center gap-2 rounded-xl border border-warning/30 bg-warning/10 px-4 py-3 text-sm text-warning"
        >
          <AlertTriangle aria-hidden="true" className="size-4 shrink-0" />
          Your membership could not be checked just now, so the free plan is shown.
          <Button size="sm" variant="ghost" onClick={() => void status.refetch()}>
            Try again
          </Button>
        </p>
      ) : null}
      {mode === 'sandbox' ? <TestModeBanner detail="memberships here are paid with test cards" /> : null}

      <SettingsSection title="Your plan" description="What you pay and when it renews." icon={<Crown />}>
        {sub ? (
          <PlanSummary sub={sub} plan={plan} />
        ) : (
          <EmptyState
            icon={<Crown />}
            title="You're on the free plan"
            description="Become a member for premium characters, more free messages and images, and coins every month."
            action={<LinkButton to="/subscribe">See plans</LinkButton>}
          />
        )}
      </SettingsSection>

      <SettingsSection title="Payment method" description="The card renewals are charged to." icon={<Wallet />}>
        <PaymentMethodSection
          mode={mode}
          paymentMethod={payments.data?.paymentMethod ?? sub?.paymentMethod ?? null}
          hasMembership={Boolean(sub && sub.status !== 'canceled' && !sub.endedAt)}
        />
      </SettingsSection>

      <SettingsSection title="Invoices" description="Every membership payment and coin purchase, newest first." icon={<FileText />}>
        {invoices.isPending ? <Spinner label="Loading invoices..." showLabel /> : <InvoiceList invoices={invoices.data?.invoices ?? []} />}
      </SettingsSection>
    </div>
  );
}

export default function SubscriptionManagePage() {
  return (
    <Page title="Manage membership" description="Your plan, renewal date, payment method and invoices." icon={<Settings2 />}>
      <RequireSession
        title="Sign in to manage your membership"
        description="Your plan, renewal date and invoices live here once you have an account."
      >
        {() => <ManageMembership />}
      </RequireSession>
    </Page>
  );
}
