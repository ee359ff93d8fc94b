import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { CheckCircle2, ShieldAlert, Undo2 } from 'lucide-react';
import { FormError } from '@/components/form/form-parts';
import { Page } from '@/components/page/page';
import { StatusPanel } from '@/components/page/status-panel';
import { Button } from '@/components/ui/button';
import { useRevertEmailChange } from '@/features/auth';
import { useAuthDialogs } from '@/features/auth';
import { getErrorMessage } from '@/lib/api-client';

/**
 * /restore-account?token=… : the link mailed to the previous address after an e-mail or username change. The
 * visitor confirms with a button (mail scanners open links on their own), then every session is signed out.
 */
export default function RestoreAccountPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const revert = useRevertEmailChange();
  const { openSignIn } = useAuthDialogs();

  let body: ReactNode;
  if (!token) {
    body = (
      <StatusPanel icon={<ShieldAlert aria-hidden="true" className="size-12 text-warning" />} title="This link is incomplete">
        <p className="text-sm text-fg-muted">Open the link from the e-mail we sent to your previous address, exactly as it is.</p>
      </StatusPanel>
    );
  } else if (revert.isSuccess) {
    body = (
      <StatusPanel icon={<CheckCircle2 aria-hidden="true" className="size-12 text-success" />} title="Your account is restored">
        <p role="status" className="text-sm text-fg-muted">
          Your previous e-mail address and username are back, and every device was signed out. If you did not make the change, reset your
          password after signing in.
        </p>
        <Button size="lg" className="mt-2 w-full" onClick={openSignIn}>
          Sign In
        </Button>
      </StatusPanel>
    );
  } else {
    body = (
      <StatusPanel icon={<Undo2 aria-hidden="true" className="size-12 text-primary" />} title="Undo the change to your account?">
        <p className="text-sm text-fg-muted">
          Your e-mail address or username was changed. If that was not you, undo it: the previous address and username come back and every
          device is signed out.
        </p>
        {revert.isError ? (
          <FormError className="text-left">{getErrorMessage(revert.error, 'This link could not be used.')}</FormError>
        ) : null}
        <Button size="lg" className="mt-2 w-full" disabled={revert.isPending} onClick={() => revert.mutate(token)}>
          {revert.isPending ? 'Restoring...' : 'Undo the change'}
        </Button>
      </StatusPanel>
    );
  }

  return (
    <Page title="Restore your account" description="Undo a change to your e-mail address or username." icon={<Undo2 />}>
      {body}
    </Page>
  );
}
