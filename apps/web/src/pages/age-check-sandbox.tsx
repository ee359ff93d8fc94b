// The sandbox age check (AGE_ASSURANCE_PROVIDER=sandbox): a page of ours that stands alone like a provider's, marked
// TEST MODE, where the outcome is chosen. It checks nothing; an operator who must check ages uses a real provider.
import type { ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { CheckCircle2, CircleSlash, HelpCircle, ShieldCheck, XCircle } from 'lucide-react';
import type { SandboxAgeOutcome } from '@reverie/shared';
import { ErrorPanel } from '@/components/page/error-panel';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useCompleteSandboxAgeCheck, useSandboxAgeCheck } from '@/features/age-assurance';
import { RequireSession, useSession } from '@/features/auth';
import { TestModeBanner } from '@/features/billing';
import { ApiError, getErrorMessage } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/document-title';

const CHECK_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const OUTCOMES: Array<{ outcome: SandboxAgeOutcome; label: string; hint: string; icon: ReactNode; variant: 'primary' | 'secondary' }> = [
  { outcome: 'pass', label: 'Pass: 18 or over', hint: 'The check confirms an adult.', icon: <CheckCircle2 />, variant: 'primary' },
  { outcome: 'fail', label: 'Fail: under 18', hint: 'The check finds someone under 18.', icon: <XCircle />, variant: 'secondary' },
  {
    outcome: 'unverified',
    label: 'Could not verify',
    hint: 'A blurry document, a face that does not match.',
    icon: <HelpCircle />,
    variant: 'secondary',
  },
  {
    outcome: 'abandon',
    label: 'Abandon the check',
    hint: 'The person leaves before the end.',
    icon: <CircleSlash />,
    variant: 'secondary',
  },
];

function Frame({ children }: { children: ReactNode }) {
  return (
    <div className="min-h-dvh bg-bg">
      <div className="sticky top-0 z-10 border-b border-warning/30 bg-bg/90 px-4 py-2 backdrop-blur">
        <TestModeBanner
          className="mx-auto max-w-2xl justify-center border-0 bg-transparent py-0"
          detail="this sandbox age check checks nothing"
        />
      </div>
      <main className="mx-auto grid max-w-2xl gap-6 px-4 py-8 sm:px-6 lg:py-14">{children}</main>
    </div>
  );
}

/** The pending check's heading, as a provider's page would show it: a shield, "Age check" and who runs it. */
function CheckHeading() {
  return (
    <div className="flex items-center gap-3">
      <span
        aria-hidden="true"
        className="inline-flex size-11 items-center justify-center rounded-2xl bg-primary/10 text-primary ring-1 ring-primary/25"
      >
        <ShieldCheck className="size-6" />
      </span>
      <div>
        <h1 id="sandbox-age-title" className="text-xl font-bold text-fg">
          Age check
        </h1>
        <p className="text-sm text-fg-muted">Reverie · sandbox provider</p>
      </div>
    </div>
  );
}

function Check({ id }: { id: string }) {
  const navigate = useNavigate();
  const check = useSandboxAgeCheck(id);
  const complete = useCompleteSandboxAgeCheck();
  if (check.isPending) {
    return (
      <div className="flex justify-center py-24">
        <Spinner label="Loading the age check..." showLabel />
      </div>
    );
  }
  if (check.isError) {
    const missing = check.error instanceof ApiError && check.error.status === 404;
    return (
      <ErrorPanel
        title={missing ? 'Age check not found' : 'This age check could not be loaded'}
        message={
          missing
            ? 'This link is not yours or no longer exists. Start a new check from the app.'
            : getErrorMessage(check.error, 'Please try again.')
        }
        onRetry={missing ? undefined : () => void check.refetch()}
      />
    );
  }
  const done = () => navigate(`/age-check/done?check=${id}`, { replace: true });
  if (check.data.status !== 'pending') {
    return (
      <section className="grid justify-items-center gap-4 rounded-3xl border border-border bg-surface p-8 text-center">
        <h1 className="text-xl font-bold text-fg">This check has ended</h1>
        <Button onClick={done}>See the result</Button>
      </section>
    );
  }
  return (
    <section aria-labelledby="sandbox-age-title" className="grid gap-6 rounded-3xl border border-border bg-surface p-6 sm:p-8">
      <CheckHeading />
      <p className="text-sm text-fg-muted">
        A real provider would now ask for an identity document and a selfie, or estimate your age. In test mode, choose how this check ends.
        No document or picture is asked for or kept.
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        {OUTCOMES.map((o) => (
          <Button
            key={o.outcome}
            variant={o.variant}
            size="lg"
            className="h-auto min-w-0 flex-col items-start gap-1 py-3 text-left whitespace-normal"
            disabled={complete.isPending}
            data-testid={`sandbox-age-${o.outcome}`}
            onClick={() => complete.mutate({ id, outcome: o.outcome }, { onSuccess: done })}
          >
            <span className="flex items-center gap-2 font-semibold">
              {o.icon}
              {o.label}
            </span>
            <span className="text-xs font-normal opacity-80">{o.hint}</span>
          </Button>
        ))}
      </div>
      {complete.isError ? (
        <p role="alert" className="text-sm text-danger">
          {getErrorMessage(complete.error, 'The check could not be ended. Please try again.')}
        </p>
      ) : null}
    </section>
  );
}

export default function AgeCheckSandboxPage() {
  useDocumentTitle('Age check (test mode)');
  const { checkId = '' } = useParams();
  const { user } = useSession();
  if (!CHECK_ID.test(checkId)) {
    return (
      <Frame>
        <ErrorPanel title="Age check not found" message="This link is not valid. Start a new check from the app." />
        <Button asChild variant="secondary" className="justify-self-center">
          <Link to="/">Back to Reverie</Link>
        </Button>
      </Frame>
    );
  }
  return (
    <Frame>
      {user ? (
        <Check id={checkId} />
      ) : (
        <RequireSession title="Sign in to continue your age check" description="This check belongs to an account. Sign in with it.">
          {() => <Check id={checkId} />}
        </RequireSession>
      )}
    </Frame>
  );
}
