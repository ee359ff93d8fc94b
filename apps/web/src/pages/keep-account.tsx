import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { CheckCircle2, LifeBuoy, MailCheck } from 'lucide-react';
import { FormError } from '@/components/form/form-parts';
import { Page } from '@/components/page/page';
import { StatusPanel } from '@/components/page/status-panel';
import { Button } from '@/components/ui/button';
import { useRestoreAccount } from '@/features/account';
import { useAuthDialogs } from '@/features/auth';
import { getErrorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format';

/**
 * /keep-account?token=… : the link mailed when an account is scheduled for deletion. The visitor confirms with a
 * button (mail scanners open links on their own). Without a token (?due=…, right after deleting) it says what happens
 * and where the undo link is.
 */
export default function KeepAccountPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const due = params.get('due');
  const restore = useRestoreAccount();
  const { openSignIn } = useAuthDialogs();
  const dueDate = due ? formatDate(due, 'longDate') : '';

  let body: ReactNode;
  if (!token) {
    body = (
      <StatusPanel icon={<MailCheck aria-hidden="true" className="size-12 text-primary" />} title="Your account is scheduled for deletion">
        <p role="status" className="text-sm text-fg-muted">
          {dueDate ? `It will be deleted on ${dueDate}.` : 'It will be deleted in 7 days.'} You have been signed out everywhere. Changed
          your mind? Open the “Keep my account” link in the e-mail we sent you before then.
        </p>
      </StatusPanel>
    );
  } else if (restore.isSuccess) {
    body = (
      <StatusPanel icon={<CheckCircle2 aria-hidden="true" className="size-12 text-success" />} title="Your account is kept">
        <p role="status" className="text-sm text-fg-muted">
          The deletion of {restore.data.username} is cancelled and nothing was erased. Sign in as usual.
        </p>
        <Button size="lg" className="mt-2 w-full" onClick={openSignIn}>
          Sign In
        </Button>
      </StatusPanel>
    );
  } else {
    body = (
      <StatusPanel icon={<LifeBuoy aria-hidden="true" className="size-12 text-primary" />} title="Keep your account?">
        <p className="text-sm text-fg-muted">
          Your account is scheduled for deletion. Keep it and everything stays as it was: your characters, chats, pictures and coins.
        </p>
        {restore.isError ? (
          <FormError className="text-left">{getErrorMessage(restore.error, 'This link could not be used.')}</FormError>
        ) : null}
        <Button size="lg" className="mt-2 w-full" disabled={restore.isPending} onClick={() => restore.mutate(token)}>
          {restore.isPending ? 'Keeping...' : 'Keep my account'}
        </Button>
      </StatusPanel>
    );
  }

  return (
    <Page title="Keep your account" description="Cancel a scheduled account deletion." icon={<LifeBuoy />}>
      {body}
    </Page>
  );
}
