// The sandbox checkout's steps and outcomes, each inside the page's frame. The checkout (../sandbox-checkout.tsx) owns
// the session and the mutations; these only show them.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowLeft, CheckCircle2, Clock, ShieldAlert, ShieldCheck, XCircle } from 'lucide-react';
import type { CheckoutSession } from '@reverie/shared';
import { ErrorPanel } from '@/components/page/error-panel';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { CardForm, type CardPayment } from '@/features/billing';
import { formatMoney } from '@/features/billing';
import { ApiError, getErrorMessage } from '@/lib/api-client';
import { Frame } from './checkout-frame';

/** A finished checkout: a large icon in the tone of the outcome, a title, and what to do next. */
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

/** While the checkout session loads. */
export function CheckoutLoading() {
  return (
    <Frame>
      <div className="flex justify-center py-24">
        <Spinner label="Loading checkout..." showLabel />
      </div>
    </Frame>
  );
}

/** The session could not be loaded: not found (not yours, or gone) or another error that can be retried. */
export function CheckoutLoadFailed({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const missing = error instanceof ApiError && error.status === 404;
  return (
    <Frame>
      <ErrorPanel
        title={missing ? 'Checkout not found' : 'This checkout could not be loaded'}
        message={
          missing
            ? 'This checkout link is not yours or no longer exists. Nothing was charged.'
            : getErrorMessage(error, 'Please try again.')
        }
        onRetry={missing ? undefined : onRetry}
      />
      <div className="mt-4 flex justify-center">
        <Button asChild variant="secondary">
          <Link to="/coins">Back to Reverie</Link>
        </Button>
      </div>
    </Frame>
  );
}

/** The session was paid already. */
export function PaymentComplete({ session: s }: { session: CheckoutSession }) {
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

/** The session was canceled or expired before it was paid. */
export function CheckoutEnded({ session: s }: { session: CheckoutSession }) {
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

/** The bank's confirmation step (3-D Secure): in test mode the payer chooses whether it succeeds or fails. */
export function AuthenticationStep({
  session: s,
  declined,
  busy,
  authenticating,
  onApprove,
  onFail,
}: {
  session: CheckoutSession;
  declined: string | null;
  busy: boolean;
  authenticating: boolean;
  onApprove: () => void;
  onFail: () => void;
}) {
  const amount = formatMoney(s.amountCents, s.currency);
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
          <Button size="lg" disabled={busy} onClick={onApprove}>
            {authenticating ? 'Confirming...' : 'Complete authentication'}
          </Button>
          <Button size="lg" variant="secondary" disabled={busy} onClick={onFail}>
            <ShieldAlert aria-hidden="true" />
            Fail authentication
          </Button>
        </div>
      </section>
    </Frame>
  );
}

/** The card step: the card form, the last decline, and a way back to the app without paying. */
export function CardPaymentStep({
  session: s,
  busy,
  error,
  onPay,
  onLeave,
}: {
  session: CheckoutSession;
  busy: boolean;
  error: string | null;
  onPay: (payment: CardPayment) => void;
  onLeave: () => void;
}) {
  const amount = formatMoney(s.amountCents, s.currency);
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
          error={error}
          onPay={onPay}
        />
        <button
          type="button"
          onClick={onLeave}
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
