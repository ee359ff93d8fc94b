import { useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ArrowLeft, CheckCircle2, Clock, Coins, Crown, ShieldAlert, ShieldCheck, XCircle } from 'lucide-react';
import type { CheckoutSession } from '@reverie/shared';
import { ErrorPanel } from '@/components/page/error-panel';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { RequireSession } from '@/features/auth';
import { useSession } from '@/features/auth';
import {
  useAuthenticateSandboxCheckout,
  useCancelSandboxCheckout,
  useConfirmSandboxCheckout,
  useSandboxCheckout,
} from '@/features/billing';
import { CardForm, type CardPayment } from '@/features/billing';
import { TestModeBanner } from '@/features/billing';
import { formatMoney } from '@/features/billing';
import { ApiError, getErrorMessage } from '@/lib/api-client';
import { formatCoins } from '@/lib/format';
import { useDocumentTitle } from '@/lib/document-title';

const SESSION_ID = /^cs_[A-Za-z0-9_]{1,80}$/;

function Frame({ children, session }: { children: ReactNode; session?: CheckoutSession }) {
  return (
    <div className="min-h-dvh bg-bg">
      <div className="sticky top-0 z-10 border-b border-warning/30 bg-bg/90 px-4 py-2 backdrop-blur">
        <TestModeBanner
          className="mx-auto max-w-5xl justify-center border-0 bg-transparent py-0"
          detail="this sandbox checkout never charges a card"
        />
      </div>
      <div className="mx-auto grid max-w-5xl gap-8 px-4 py-8 sm:px-6 lg:grid-cols-[1fr_1.1fr] lg:gap-14 lg:py-14">
        {session ? <OrderSummary session={session} /> : null}
        <div className={session ? undefined : 'lg:col-span-2'}>{children}</div>
      </div>
    </div>
  );
}

function OrderSummary({ session }: { session: CheckoutSession }) {
  const amount = formatMoney(session.amountCents, session.currency);
  const isPack = session.kind === 'coin_pack';
  return (
    <section aria-labelledby="order-summary" className="grid content-start gap-6">
      <div className="flex items-center gap-2">
        <img src="/favicon.svg" alt="" className="size-8 rounded-lg" width={32} height={32} />
        <span className="text-base font-bold text-fg">Reverie</span>
        <span className="rounded-full bg-warning/15 px-2 py-0.5 text-[11px] font-bold tracking-wide text-warning uppercase">Test mode</span>
      </div>
      <div>
        <h1 id="order-summary" className="text-sm font-medium text-fg-muted">
          {isPack ? 'Buy coins' : 'Subscribe to Reverie'}
        </h1>
        <p className="mt-1 text-4xl font-extrabold tracking-tight text-fg tabular-nums" data-testid="checkout-amount">
          {amount}
          {session.billingPeriod ? (
            <span className="ml-1 text-base font-medium text-fg-muted">per {session.billingPeriod === 'yearly' ? 'year' : 'month'}</span>
          ) : null}
        </p>
      </div>
      <div className="rounded-2xl border border-border bg-surface p-4">
        <div className="flex items-start gap-3">
          <span
            aria-hidden="true"
            className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-primary/10 text-primary ring-1 ring-primary/25"
          >
            {isPack ? <Coins className="size-5 text-coin" /> : <Crown className="size-5" />}
          </span>
          <div className="min-w-0 grow">
            <p className="text-sm font-semibold text-fg">{session.description}</p>
            <p className="text-xs text-fg-muted">
              {isPack && session.coins !== null
                ? `${formatCoins(session.coins)} coins added to your balance`
                : session.billingPeriod
                  ? `Renews ${session.billingPeriod}; cancel any time`
                  : null}
            </p>
          </div>
          <p className="text-sm font-semibold text-fg tabular-nums">{amount}</p>
        </div>
        <div className="mt-4 flex justify-between border-t border-border pt-3 text-sm">
          <span className="text-fg-muted">Total due today</span>
          <span className="font-bold text-fg tabular-nums">{amount}</span>
        </div>
      </div>
    </section>
  );
}

function Outcome({
  icon,
  tone,
  title,
  children,
}: {
  icon: ReactNode;
  tone: 'success' | 'danger' | 'muted';
  title: string;
  children: ReactNode;
}) {
  const toneClass = {
    success: 'bg-success/10 text-success ring-success/30',
    danger: 'bg-danger/10 text-danger ring-danger/30',
    muted: 'bg-surface-raised text-fg-muted ring-border',
  }[tone];
  return (
    <div className="flex flex-col items-center gap-3 rounded-3xl border border-border bg-surface px-6 py-12 text-center">
      <span aria-hidden="true" className={`inline-flex size-14 items-center justify-center rounded-2xl ring-1 [&_svg]:size-7 ${toneClass}`}>
        {icon}
      </span>
      <h2 className="text-xl font-bold text-fg">{title}</h2>
      {children}
    </div>
  );
}

function Checkout({ id }: { id: string }) {
  const navigate = useNavigate();
  const session = useSandboxCheckout(id);
  const confirm = useConfirmSandboxCheckout();
  const authenticate = useAuthenticateSandboxCheckout();
  const cancel = useCancelSandboxCheckout();
  const [declined, setDeclined] = useState<string | null>(null);

  if (session.isPending) {
    return (
      <Frame>
        <div className="flex justify-center py-24">
          <Spinner label="Loading checkout..." showLabel />
        </div>
      </Frame>
    );
  }
  if (session.isError) {
    const missing = session.error instanceof ApiError && session.error.status === 404;
    return (
      <Frame>
        <ErrorPanel
          title={missing ? 'Checkout not found' : 'This checkout could not be loaded'}
          message={
            missing
              ? 'This checkout link is not yours or no longer exists. Nothing was charged.'
              : getErrorMessage(session.error, 'Please try again.')
          }
          onRetry={missing ? undefined : () => void session.refetch()}
        />
        <div className="mt-4 flex justify-center">
          <Button asChild variant="secondary">
            <Link to="/coins">Back to Reverie</Link>
          </Button>
        </div>
      </Frame>
    );
  }
  const s = session.data;
  const amount = formatMoney(s.amountCents, s.currency);
  const busy = confirm.isPending || authenticate.isPending || cancel.isPending;

  const pay = (payment: CardPayment) => {
    setDeclined(null);
    const body = 'paymentMethodId' in payment ? { paymentMethodId: payment.paymentMethodId } : payment.card;
    confirm.mutate(
      { id, body },
      {
        onSuccess: (result) => {
          if (result.status === 'complete') navigate(result.successUrl, { replace: true });
        },
        onError: (error) => setDeclined(getErrorMessage(error, 'Your card was declined.')),
      },
    );
  };

  const leave = () =>
    cancel.mutate(id, {
      onSuccess: (result) => navigate(result.cancelUrl, { replace: true }),
      onError: () => navigate(s.cancelUrl, { replace: true }),
    });

  if (s.status === 'complete') {
    return (
      <Frame session={s}>
        <Outcome icon={<CheckCircle2 />} tone="success" title="Payment complete">
          <p className="max-w-sm text-sm text-fg-muted">This checkout was paid. No real money moved: it is a test-mode payment.</p>
          <Button asChild>
            <Link to={s.successUrl} replace>
              Return to Reverie
            </Link>
          </Button>
        </Outcome>
      </Frame>
    );
  }
  if (s.status === 'canceled' || s.status === 'expired') {
    return (
      <Frame session={s}>
        <Outcome
          icon={s.status === 'expired' ? <Clock /> : <XCircle />}
          tone="muted"
          title={s.status === 'expired' ? 'This checkout expired' : 'This checkout was canceled'}
        >
          <p className="max-w-sm text-sm text-fg-muted">Nothing was charged. Start again from the app when you are ready.</p>
          <Button asChild variant="secondary">
            <Link to={s.kind === 'coin_pack' ? '/coins' : '/subscribe'}>Back to Reverie</Link>
          </Button>
        </Outcome>
      </Frame>
    );
  }
  if (s.status === 'requires_action') {
    return (
      <Frame session={s}>
        <section aria-labelledby="confirm-step" className="grid gap-5 rounded-3xl border border-border bg-surface p-6 sm:p-8">
          <span
            aria-hidden="true"
            className="inline-flex size-12 items-center justify-center rounded-2xl bg-accent/15 text-accent ring-1 ring-accent/30"
          >
            <ShieldCheck className="size-6" />
          </span>
          <div>
            <h2 id="confirm-step" className="text-xl font-bold text-fg">
              Confirm this payment
            </h2>
            <p className="mt-1 text-sm text-fg-muted">
              {s.nextAction?.message ?? 'Your bank asks you to confirm this payment. In test mode you choose the outcome.'}
            </p>
          </div>
          <p className="rounded-xl bg-surface-raised px-4 py-3 text-sm text-fg">
            Reverie · <span className="font-semibold tabular-nums">{amount}</span>
          </p>
          {declined ? (
            <p role="alert" className="text-sm text-danger">
              {declined}
            </p>
          ) : null}
          <div className="grid gap-2">
            <Button
              size="lg"
              disabled={busy}
              onClick={() =>
                authenticate.mutate(
                  { id, approve: true },
                  {
                    onSuccess: (result) => {
                      if (result.status === 'complete') navigate(result.successUrl, { replace: true });
                    },
                    onError: (error) => setDeclined(getErrorMessage(error, 'The payment was not confirmed.')),
                  },
                )
              }
            >
              {authenticate.isPending ? 'Confirming...' : 'Complete authentication'}
            </Button>
            <Button
              size="lg"
              variant="secondary"
              disabled={busy}
              onClick={() =>
                authenticate.mutate(
                  { id, approve: false },
                  {
                    onError: (error) => setDeclined(getErrorMessage(error, 'The payment was not confirmed.')),
                  },
                )
              }
            >
              <ShieldAlert aria-hidden="true" />
              Fail authentication
            </Button>
          </div>
        </section>
      </Frame>
    );
  }

  const lastError = declined ?? s.lastError;
  return (
    <Frame session={s}>
      <section aria-labelledby="pay-heading" className="grid gap-5 rounded-3xl border border-border bg-surface p-5 sm:p-7">
        <div className="flex items-center justify-between gap-3">
          <h2 id="pay-heading" className="text-lg font-bold text-fg">
            Pay with card
          </h2>
          <span className="text-xs text-fg-subtle">Test mode</span>
        </div>
        <CardForm
          submitLabel={s.kind === 'subscription' ? `Subscribe · ${amount}` : `Pay ${amount}`}
          busyLabel="Processing..."
          busy={busy}
          error={lastError}
          onPay={pay}
        />
        <button
          type="button"
          onClick={leave}
          disabled={busy}
          className="inline-flex items-center justify-center gap-1.5 text-sm text-fg-muted underline-offset-4 hover:text-fg hover:underline disabled:opacity-50"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          Cancel and return to Reverie
        </button>
      </section>
    </Frame>
  );
}

export default function SandboxCheckoutPage() {
  const { sessionId = '' } = useParams();
  useDocumentTitle('Checkout (test mode)');
  if (!SESSION_ID.test(sessionId)) {
    return (
      <Frame>
        <ErrorPanel title="Checkout not found" message="This checkout link is not valid. Nothing was charged." />
      </Frame>
    );
  }
  return (
    <RequireSessionFrame>
      <Checkout id={sessionId} />
    </RequireSessionFrame>
  );
}

function RequireSessionFrame({ children }: { children: ReactNode }) {
  const { user } = useSession();
  if (user) return <>{children}</>;
  return (
    <Frame>
      <RequireSession
        title="Sign in to continue to checkout"
        description="This checkout belongs to an account. Sign in with the account that started it; nothing has been charged."
      >
        {() => children}
      </RequireSession>
    </Frame>
  );
}
