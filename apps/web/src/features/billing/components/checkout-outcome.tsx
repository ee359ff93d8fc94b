import { useEffect, useRef, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { CheckCircle2, Clock, Coins, Crown, HelpCircle, Loader2, XCircle } from 'lucide-react';
import type { PaymentsStatusResponse } from '@reverie/shared';
import { ErrorPanel } from '@/components/page/error-panel';
import { LinkButton } from '@/components/page/link-button';
import { Page } from '@/components/page/page';
import { Spinner } from '@/components/ui/spinner';
import { RequireSession } from '@/features/auth';
import { ApiError, getErrorMessage } from '@/lib/api-client';
import { formatCoins } from '@/lib/format';
import { cn } from '@/lib/utils';
import { usePaymentsStatus } from '../api/get-payments-status';
import { useUpdateTier } from '../api/update-tier';
import { formatDate, formatMoney } from '../lib/money';
import { TestModeBanner } from './test-mode-banner';

export type OutcomeKind = 'subscription' | 'coin_pack';
export type OutcomeLanding = 'success' | 'cancel';

const TIER_NAMES = { free: 'Free', premium: 'Premium', ultimate: 'Ultimate' } as const;
const SESSION_ID = /^cs_[A-Za-z0-9_]{1,100}$/;

type Tone = 'success' | 'pending' | 'muted' | 'danger';

function Panel({
  tone,
  icon,
  title,
  children,
  actions,
}: {
  tone: Tone;
  icon: ReactNode;
  title: string;
  children: ReactNode;
  actions: ReactNode;
}) {
  const toneClass = {
    success: 'bg-success/10 text-success ring-success/30',
    pending: 'bg-accent/10 text-accent ring-accent/30',
    muted: 'bg-surface-raised text-fg-muted ring-border',
    danger: 'bg-danger/10 text-danger ring-danger/30',
  }[tone];
  return (
    <section
      aria-labelledby="outcome-title"
      data-testid="checkout-outcome"
      className="relative mx-auto flex max-w-xl flex-col items-center gap-4 overflow-hidden rounded-3xl border border-border bg-surface px-6 py-12 text-center"
    >
      {tone === 'success' ? (
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -top-24 left-1/2 size-72 -translate-x-1/2 rounded-full bg-success/10 blur-3xl"
        />
      ) : null}
      <span
        aria-hidden="true"
        className={cn('relative inline-flex size-16 items-center justify-center rounded-2xl ring-1 [&_svg]:size-8', toneClass)}
      >
        {icon}
      </span>
      <h2 id="outcome-title" className="relative text-2xl font-bold text-fg">
        {title}
      </h2>
      <div className="relative grid max-w-md gap-2 text-sm text-fg-muted">{children}</div>
      <div className="relative mt-2 flex flex-wrap justify-center gap-2">{actions}</div>
    </section>
  );
}

function homeFor(kind: OutcomeKind) {
  return kind === 'coin_pack' ? { to: '/coins', label: 'Go to your coins' } : { to: '/subscribe', label: 'See membership plans' };
}

/** What the server says became of the checkout; the URL only names which checkout to ask about. */
function Outcome({ sessionId, kind, landing }: { sessionId: string; kind: OutcomeKind; landing: OutcomeLanding }) {
  const status = usePaymentsStatus(sessionId);
  const updateTier = useUpdateTier();
  const synced = useRef(false);
  const checkout = status.data?.checkout ?? null;
  const fulfilledPlan = checkout?.kind === 'subscription' && checkout.status === 'complete' && checkout.fulfilled ? checkout.plan : null;

  // Re-sync the tier from the provider once the membership is confirmed (product.md §8: a failure counts as success).
  const { mutate: syncTier } = updateTier;
  useEffect(() => {
    if (!fulfilledPlan || synced.current) return;
    synced.current = true;
    syncTier(fulfilledPlan);
  }, [fulfilledPlan, syncTier]);

  if (status.isPending) {
    return (
      <div className="flex justify-center py-20">
        <Spinner label="Checking your payment with our server..." showLabel />
      </div>
    );
  }
  if (status.isError) {
    const missing = status.error instanceof ApiError && status.error.status === 404;
    if (missing) return <UnknownCheckout kind={kind} />;
    return (
      <ErrorPanel
        title="We could not check this payment"
        message={`${getErrorMessage(status.error, 'Please try again.')} Nothing is shown as paid until our server confirms it.`}
        onRetry={() => void status.refetch()}
        retrying={status.isFetching}
      />
    );
  }
  if (!checkout) return <UnknownCheckout kind={kind} />;
  return <KnownOutcome data={status.data} checkout={checkout} landing={landing} />;
}

type Checkout = NonNullable<PaymentsStatusResponse['checkout']>;

/** What a paid checkout's panel shows besides its status: the landing page, the amount and the test-mode note. */
interface OutcomeFacts {
  checkout: Checkout;
  landing: OutcomeLanding;
  amount: string;
  testNote: ReactNode;
}

/** A coin pack that was paid and added: the coins and the new balance. */
function CoinsAdded({ data, checkout, landing, amount, testNote }: OutcomeFacts & { data: PaymentsStatusResponse }) {
  return (
    <Panel
      tone="success"
      icon={<Coins />}
      title={`${formatCoins(checkout.coins ?? 0)} coins added`}
      actions={
        <>
          <LinkButton to="/coins">Go to your coins</LinkButton>
          <LinkButton to="/" variant="secondary">
            Start chatting
          </LinkButton>
        </>
      }
    >
      <p>
        {landing === 'cancel' ? 'This payment went through after all. ' : ''}
        {checkout.description} · {amount}
      </p>
      <p className="text-base text-fg">
        Your balance is now{' '}
        <span className="font-bold text-coin tabular-nums" data-testid="outcome-balance">
          {formatCoins(data.coins)}
        </span>{' '}
        coins.
      </p>
      {testNote}
    </Panel>
  );
}

/** A membership that was paid and started: the plan and when it renews. */
function MembershipStarted({ data, checkout, landing, amount, testNote }: OutcomeFacts & { data: PaymentsStatusResponse }) {
  const sub = data.subscription;
  return (
    <Panel
      tone="success"
      icon={<Crown />}
      title={`Welcome to ${TIER_NAMES[checkout.plan ?? data.tier] ?? 'your membership'}`}
      actions={
        <>
          <LinkButton to="/coins">Claim your monthly coins</LinkButton>
          <LinkButton to="/subscription/manage" variant="secondary">
            Manage membership
          </LinkButton>
        </>
      }
    >
      <p>
        {landing === 'cancel' ? 'This payment went through after all. ' : ''}
        Your membership is active: {checkout.description} · {amount}.
      </p>
      {sub ? <p>It renews on {formatDate(sub.currentPeriodEnd)}. Cancel any time.</p> : null}
      {testNote}
    </Panel>
  );
}

/** A checkout left open or canceled: nothing charged, with the way back to it when it can be resumed here. */
function NotCompleted({ checkout, landing, resumable }: { checkout: Checkout; landing: OutcomeLanding; resumable: boolean }) {
  const home = homeFor(checkout.kind);
  return (
    <Panel
      tone="muted"
      icon={<XCircle />}
      title={landing === 'cancel' ? 'Checkout canceled' : 'Payment not completed'}
      actions={
        <>
          {resumable ? <LinkButton to={`/sandbox/checkout/${checkout.id}`}>Return to checkout</LinkButton> : null}
          <LinkButton to={home.to} variant={resumable ? 'secondary' : 'primary'}>
            {home.label}
          </LinkButton>
        </>
      }
    >
      <p>Nothing was charged for {checkout.description}.</p>
      {checkout.lastError ? <p className="text-danger">Last attempt: {checkout.lastError}</p> : null}
    </Panel>
  );
}

/** A payment the bank asked the user to confirm: nothing charged yet, resumable here in the sandbox. */
function AwaitingConfirmation({ checkout, resumable }: { checkout: Checkout; resumable: boolean }) {
  const home = homeFor(checkout.kind);
  return (
    <Panel
      tone="pending"
      icon={<Clock />}
      title="Waiting for your confirmation"
      actions={
        resumable ? (
          <LinkButton to={`/sandbox/checkout/${checkout.id}`}>Confirm the payment</LinkButton>
        ) : (
          <LinkButton to={home.to}>{home.label}</LinkButton>
        )
      }
    >
      <p>Your bank asked you to confirm this payment. Nothing has been charged yet.</p>
    </Panel>
  );
}

/** A checkout that expired or was canceled for good: nothing charged. */
function CheckoutClosed({ checkout }: { checkout: Checkout }) {
  const home = homeFor(checkout.kind);
  return (
    <Panel
      tone="muted"
      icon={checkout.status === 'expired' ? <Clock /> : <XCircle />}
      title={checkout.status === 'expired' ? 'Checkout expired' : 'Checkout canceled'}
      actions={<LinkButton to={home.to}>{home.label}</LinkButton>}
    >
      <p>Nothing was charged for {checkout.description}.</p>
    </Panel>
  );
}

/** The panel for a checkout the server knows, by its status and kind. */
function KnownOutcome({ data, checkout, landing }: { data: PaymentsStatusResponse; checkout: Checkout; landing: OutcomeLanding }) {
  const amount = formatMoney(checkout.amountCents, checkout.currency);
  // Only the built-in sandbox checkout lives in this app; a Stripe session is resumed from Stripe's own page.
  const resumable = data.mode === 'sandbox';
  const testNote = checkout.testMode ? <TestModeBanner className="mx-auto mt-2" /> : null;

  if (checkout.status === 'complete' && !checkout.fulfilled) {
    return (
      <Panel tone="pending" icon={<Loader2 className="animate-spin" />} title="Confirming your payment..." actions={null}>
        <p>The payment went through. We are adding it to your account; this takes a few seconds.</p>
      </Panel>
    );
  }
  if (checkout.status === 'complete') {
    const facts = { data, checkout, landing, amount, testNote };
    return checkout.kind === 'coin_pack' ? <CoinsAdded {...facts} /> : <MembershipStarted {...facts} />;
  }
  if (checkout.status === 'open' || checkout.status === 'requires_action') {
    if (landing === 'cancel' || checkout.status === 'open') {
      return <NotCompleted checkout={checkout} landing={landing} resumable={resumable} />;
    }
    return <AwaitingConfirmation checkout={checkout} resumable={resumable} />;
  }
  return <CheckoutClosed checkout={checkout} />;
}

function UnknownCheckout({ kind }: { kind: OutcomeKind }) {
  const home = homeFor(kind);
  return (
    <Panel tone="muted" icon={<HelpCircle />} title="No payment to show" actions={<LinkButton to={home.to}>{home.label}</LinkButton>}>
      <p>We could not find a checkout of yours for this link, so nothing is shown as paid or changed.</p>
    </Panel>
  );
}

interface CheckoutOutcomePageProps {
  kind: OutcomeKind;
  landing: OutcomeLanding;
  title: string;
  description: string;
}

/** /subscription/success|cancel and /payment/success|cancel: confirm by asking the server, never by the URL. */
export function CheckoutOutcomePage({ kind, landing, title, description }: CheckoutOutcomePageProps) {
  const [params] = useSearchParams();
  const raw = params.get('session_id') ?? '';
  const sessionId = SESSION_ID.test(raw) ? raw : null;
  const Icon = kind === 'coin_pack' ? Coins : Crown;
  return (
    <Page title={title} description={description} icon={<Icon />}>
      <RequireSession
        title="Sign in to see this payment"
        description="Payments belong to an account. Sign in with the account that paid to see what happened."
        icon={<CheckCircle2 />}
      >
        {() => (sessionId ? <Outcome sessionId={sessionId} kind={kind} landing={landing} /> : <UnknownCheckout kind={kind} />)}
      </RequireSession>
    </Page>
  );
}
