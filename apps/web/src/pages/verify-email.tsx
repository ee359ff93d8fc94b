import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { CheckCircle2, MailCheck, MailX } from 'lucide-react';
import { Email, ErrorCode, TOKEN_SUPERSEDED_MESSAGE, type User } from '@reverie/shared';
import { LinkButton } from '@/components/page/link-button';
import { Page } from '@/components/page/page';
import { StatusPanel } from '@/components/page/status-panel';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { FormError, FormField, FormSuccess } from '@/components/form/form-parts';
import { useVerifyEmail } from '@/features/auth';
import { useAuthDialogs } from '@/features/auth';
import { RESEND_SENT_INLINE, useResendWithFeedback } from '@/features/auth';
import { useSession } from '@/features/auth';
import { getSessionUser, updateSessionUser } from '@/features/auth';
import { ApiError, getErrorMessage } from '@/lib/api-client';

const VERIFY_FAILED = 'This verification link is invalid, expired or already used. Request a new one.';
/** A link whose token was replaced by a newer one (a later "Resend") is told apart by the server. */
const isSuperseded = (error: unknown) => error instanceof ApiError && error.code === ErrorCode.enum.TOKEN_SUPERSEDED;

function ResendForm({ defaultEmail }: { defaultEmail: string }) {
  const [email, setEmail] = useState(defaultEmail);
  const [invalid, setInvalid] = useState(false);
  const { resend, isPending, isSuccess } = useResendWithFeedback();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = Email.safeParse(email);
    setInvalid(!parsed.success);
    if (parsed.success) resend(parsed.data);
  };
  if (isSuccess) return <FormSuccess>{RESEND_SENT_INLINE}</FormSuccess>;
  return (
    <form noValidate onSubmit={submit} className="grid gap-3 text-left">
      <FormField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        placeholder="you@example.com"
      />
      {invalid ? <FormError>Please enter a valid email address</FormError> : null}
      <Button type="submit" disabled={isPending}>
        {isPending ? 'Sending...' : 'Send a new link'}
      </Button>
    </form>
  );
}

/** Keeps the session in step with a verification: the signed-in user's badge, and the way on after signing in. */
function useSessionAfterVerification(result: ReturnType<typeof useVerifyEmail>, user: User | null) {
  const navigate = useNavigate();
  const signedOutAtSuccess = useRef(false);

  // A signed-in visitor verifying their own address sees the badge change at once.
  useEffect(() => {
    const verified = result.data?.user;
    if (verified && getSessionUser()?.id === verified.id) updateSessionUser(verified);
  }, [result.data]);

  // Signing in from the success panel continues into the app.
  useEffect(() => {
    if (!result.isSuccess) return;
    if (!user) signedOutAtSuccess.current = true;
    else if (signedOutAtSuccess.current) navigate('/', { replace: true });
  }, [result.isSuccess, user, navigate]);
}

export default function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const { user } = useSession();
  const { openSignIn } = useAuthDialogs();
  const result = useVerifyEmail(token);
  useSessionAfterVerification(result, user);

  let body: ReactNode;
  if (!token) {
    body = (
      <StatusPanel icon={<MailCheck aria-hidden="true" className="size-12 text-primary" />} title="Check your inbox">
        <p className="text-sm text-fg-muted">
          Open the link we sent you to confirm your e-mail address. It can take a minute to arrive; check your spam folder too.
        </p>
        <p className="mt-2 text-sm text-fg-muted">Didn&apos;t get it? We can send a new one.</p>
        <div className="w-full">
          <ResendForm defaultEmail={user?.email ?? ''} />
        </div>
      </StatusPanel>
    );
  } else if (result.isPending) {
    body = (
      <StatusPanel icon={<Spinner className="size-10" label="Verifying your e-mail address..." />} title="Verifying your e-mail address...">
        <p className="text-sm text-fg-muted">This only takes a moment.</p>
      </StatusPanel>
    );
  } else if (result.isError && isSuperseded(result.error)) {
    body = (
      <StatusPanel icon={<MailCheck aria-hidden="true" className="size-12 text-warning" />} title="A newer link was sent">
        <p role="status" className="text-sm text-fg-muted">
          {getErrorMessage(result.error, TOKEN_SUPERSEDED_MESSAGE)}
        </p>
        <div className="w-full">
          <ResendForm defaultEmail={user?.email ?? ''} />
        </div>
      </StatusPanel>
    );
  } else if (result.isError) {
    body = (
      <StatusPanel icon={<MailX aria-hidden="true" className="size-12 text-danger" />} title="Verification failed">
        <FormError className="text-left">{getErrorMessage(result.error, VERIFY_FAILED)}</FormError>
        <p className="mt-1 text-sm text-fg-muted">Enter your e-mail address and we&apos;ll send you a new verification link.</p>
        <div className="w-full">
          <ResendForm defaultEmail={user?.email ?? ''} />
        </div>
      </StatusPanel>
    );
  } else {
    body = (
      <StatusPanel icon={<CheckCircle2 aria-hidden="true" className="size-12 text-success" />} title="E-mail verified">
        <p role="status" className="text-sm text-fg-muted">
          {result.data.message}
        </p>
        {user ? (
          <LinkButton to="/" size="lg" className="mt-2 w-full">
            Continue
          </LinkButton>
        ) : (
          <Button size="lg" className="mt-2 w-full" onClick={openSignIn}>
            Sign In
          </Button>
        )}
      </StatusPanel>
    );
  }

  return (
    <Page
      title="Verify your e-mail"
      description="Confirming your address keeps your account secure and lets you recover it."
      icon={<MailCheck />}
    >
      {body}
    </Page>
  );
}
