import { useState } from 'react';
import { MailWarning, X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useSession } from '../hooks/use-session';
import { useResendWithFeedback } from './resend-verification-button';

const dismissKey = (userId: string) => `rv_unverified_banner_dismissed:${userId}`;

function readDismissed(userId: string): boolean {
  try {
    return window.sessionStorage.getItem(dismissKey(userId)) === '1';
  } catch {
    return false;
  }
}

/**
 * Shown to a signed-in user whose address is not verified yet (right after sign-up, for instance), so a later
 * "verify your e-mail" refusal is no surprise. "Resend" mails a new link; dismissing hides it for this tab.
 * `compact`: one line above a conversation, which keeps the rest of the screen (its composer stays in view).
 */
export function UnverifiedEmailBanner({ compact = false }: { compact?: boolean }) {
  const { user } = useSession();
  const [dismissedFor, setDismissedFor] = useState<string | null>(null);
  const resend = useResendWithFeedback();
  if (!user || user.emailVerified || dismissedFor === user.id || readDismissed(user.id)) return null;

  const dismiss = () => {
    try {
      window.sessionStorage.setItem(dismissKey(user.id), '1');
    } catch {
      // storage unavailable: hidden until the next page load
    }
    setDismissedFor(user.id);
  };

  const actions = (
    <div className="ml-auto flex shrink-0 items-center gap-2">
      {resend.isSuccess ? (
        <span role="status" className="font-medium text-success">
          New link sent
        </span>
      ) : (
        <Button size="sm" variant="secondary" disabled={resend.isPending} onClick={() => resend.resend(user.email)}>
          {resend.isPending ? 'Sending...' : 'Resend'}
        </Button>
      )}
      <button
        type="button"
        aria-label="Dismiss"
        onClick={dismiss}
        className="rounded-lg p-1 text-fg-subtle hover:bg-surface-raised hover:text-fg"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </div>
  );

  if (compact) {
    return (
      <div
        role="region"
        aria-label="E-mail not verified"
        data-testid="unverified-email-banner"
        className="flex shrink-0 items-center gap-2 border-b border-warning/40 bg-warning/10 px-3 py-1.5 text-sm lg:px-4"
      >
        <MailWarning aria-hidden="true" className="size-4 shrink-0 text-warning" />
        <p className="min-w-0 flex-1 truncate text-fg" title={`Open the link we sent to ${user.email} to verify it.`}>
          Verify your e-mail: open the link we sent to <span className="font-semibold">{user.email}</span>.
        </p>
        {actions}
      </div>
    );
  }

  return (
    <div
      role="region"
      aria-label="E-mail not verified"
      data-testid="unverified-email-banner"
      className="mx-auto mt-4 flex w-full max-w-6xl flex-wrap items-center gap-3 px-4 sm:px-6"
    >
      <div className="flex w-full flex-wrap items-center gap-x-3 gap-y-2 rounded-2xl border border-warning/40 bg-warning/10 px-4 py-3 text-sm">
        <MailWarning aria-hidden="true" className="size-5 shrink-0 text-warning" />
        <p className="min-w-0 flex-1 basis-52 text-fg">
          Your e-mail address <span className="font-semibold [overflow-wrap:anywhere]">{user.email}</span> is not verified yet. Open the
          link we sent you to verify it.
        </p>
        {actions}
      </div>
    </div>
  );
}
