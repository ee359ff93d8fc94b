import { useState, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ErrorPanel } from '@/components/page/error-panel';
import { RequireSession } from '@/features/auth';
import { useSession } from '@/features/auth';
import {
  useAuthenticateSandboxCheckout,
  useCancelSandboxCheckout,
  useConfirmSandboxCheckout,
  useSandboxCheckout,
} from '@/features/billing';
import type { CardPayment } from '@/features/billing';
import { getErrorMessage } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/document-title';
import { Frame } from './sandbox-checkout/checkout-frame';
import {
  AuthenticationStep,
  CardPaymentStep,
  CheckoutEnded,
  CheckoutLoadFailed,
  CheckoutLoading,
  PaymentComplete,
} from './sandbox-checkout/checkout-steps';

const SESSION_ID = /^cs_[A-Za-z0-9_]{1,80}$/;

function Checkout({ id }: { id: string }) {
  const navigate = useNavigate();
  const session = useSandboxCheckout(id);
  const confirm = useConfirmSandboxCheckout();
  const authenticate = useAuthenticateSandboxCheckout();
  const cancel = useCancelSandboxCheckout();
  const [declined, setDeclined] = useState<string | null>(null);

  if (session.isPending) return <CheckoutLoading />;
  if (session.isError) return <CheckoutLoadFailed error={session.error} onRetry={() => void session.refetch()} />;
  const s = session.data;
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

  const approve = () =>
    authenticate.mutate(
      { id, approve: true },
      {
        onSuccess: (result) => {
          if (result.status === 'complete') navigate(result.successUrl, { replace: true });
        },
        onError: (error) => setDeclined(getErrorMessage(error, 'The payment was not confirmed.')),
      },
    );

  const fail = () =>
    authenticate.mutate(
      { id, approve: false },
      {
        onError: (error) => setDeclined(getErrorMessage(error, 'The payment was not confirmed.')),
      },
    );

  if (s.status === 'complete') return <PaymentComplete session={s} />;
  if (s.status === 'canceled' || s.status === 'expired') return <CheckoutEnded session={s} />;
  if (s.status === 'requires_action') {
    return (
      <AuthenticationStep
        session={s}
        declined={declined}
        busy={busy}
        authenticating={authenticate.isPending}
        onApprove={approve}
        onFail={fail}
      />
    );
  }
  return <CardPaymentStep session={s} busy={busy} error={declined ?? s.lastError} onPay={pay} onLeave={leave} />;
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
