// Where an age check returns (the sandbox's page, or a provider's `callback`): the outcome, and the way on.
import type { ReactNode } from 'react';
import { CheckCircle2, CircleSlash, Clock, HelpCircle, XCircle } from 'lucide-react';
import { Page } from '@/components/page/page';
import { ErrorPanel } from '@/components/page/error-panel';
import { LinkButton } from '@/components/page/link-button';
import { Spinner } from '@/components/ui/spinner';
import { returnPath, useAgeState, VerifyAgeButton } from '@/features/age-assurance';
import { getErrorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format';

function Outcome({ icon, tone, title, children }: { icon: ReactNode; tone: 'success' | 'warning'; title: string; children: ReactNode }) {
  const toneClass = tone === 'success' ? 'bg-success/10 text-success ring-success/30' : 'bg-warning/10 text-warning ring-warning/30';
  return (
    <section
      data-testid="age-check-outcome"
      className="mx-auto grid max-w-md justify-items-center gap-4 rounded-3xl border border-border bg-surface px-6 py-10 text-center"
    >
      <span aria-hidden="true" className={`inline-flex size-14 items-center justify-center rounded-2xl ring-1 [&_svg]:size-7 ${toneClass}`}>
        {icon}
      </span>
      <h2 className="text-xl font-bold text-fg">{title}</h2>
      {children}
    </section>
  );
}

const RETRY: Record<string, { icon: ReactNode; title: string; text: string }> = {
  failed: { icon: <XCircle />, title: 'The check did not confirm you are 18 or over', text: 'Adult content stays closed.' },
  unverified: { icon: <HelpCircle />, title: 'Your age could not be verified', text: 'This happens with a blurry photo or a dark room.' },
  abandoned: { icon: <CircleSlash />, title: 'The check was not finished', text: 'Nothing was kept from it.' },
};

export default function AgeCheckDonePage() {
  // A provider's decision arrives by webhook a little after the user returns: look again until it is there.
  const state = useAgeState({ poll: true });
  const pending = state.data?.status === 'pending';
  const refetch = state.refetch;
  const back = returnPath();
  let body: ReactNode;
  if (state.isPending)
    body = (
      <div className="flex justify-center py-16">
        <Spinner label="Reading the result..." showLabel />
      </div>
    );
  else if (state.isError)
    body = (
      <ErrorPanel
        title="The result could not be loaded"
        message={getErrorMessage(state.error, 'Please try again.')}
        onRetry={() => void refetch()}
      />
    );
  else if (state.data.status === 'passed')
    body = (
      <Outcome icon={<CheckCircle2 />} tone="success" title="Your age is verified">
        <p className="text-sm text-fg-muted">
          Verified {state.data.verifiedAt ? formatDate(state.data.verifiedAt) : ''}. Adult content is open on this account.
        </p>
        <LinkButton to={back}>Continue</LinkButton>
      </Outcome>
    );
  else if (pending)
    body = (
      <Outcome icon={<Clock />} tone="warning" title="Waiting for the result">
        <p className="text-sm text-fg-muted">The age-check service is still deciding. This page updates by itself.</p>
        <LinkButton to={back} variant="secondary">
          Keep browsing meanwhile
        </LinkButton>
      </Outcome>
    );
  else {
    const r = RETRY[state.data.status];
    body = (
      <Outcome icon={r?.icon ?? <HelpCircle />} tone="warning" title={r?.title ?? 'No age check yet'}>
        <p className="text-sm text-fg-muted">
          {r ? `${r.text} You can try again, and everything else stays open.` : 'Start one when you are ready.'}
        </p>
        {state.data.required ? <VerifyAgeButton /> : <p className="text-sm text-fg-muted">No age check is needed where you are.</p>}
        <LinkButton to={back} variant="secondary">
          Back to browsing
        </LinkButton>
      </Outcome>
    );
  }
  return (
    <Page title="Age check" description="The result of your age check.">
      {body}
    </Page>
  );
}
