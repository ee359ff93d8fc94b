import { useState } from 'react';
import { MailCheck } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { ApiError, getErrorMessage } from '@/lib/api-client';
import { logError } from '@/lib/request-queue';
import { toast } from '@/lib/toast';
import { FormSuccess } from './form-parts';
import { resendVerification } from './resend-verification';

export const RESEND_SENT_INLINE = 'Verification email sent! Please check your inbox.';

/** Sends a new verification e-mail, with the toasts and inline confirmation of SPEC §8. */
export async function resendVerificationWithFeedback(email: string): Promise<boolean> {
  try {
    await resendVerification(email);
    toast({ title: 'Verification Email Sent', description: 'Please check your inbox for a new verification email.', variant: 'success' });
    return true;
  } catch (error) {
    logError('Resend verification failed', error);
    if (error instanceof ApiError) {
      toast({
        title: 'Failed to Resend',
        description: getErrorMessage(error, 'Failed to resend verification email.'),
        variant: 'destructive',
      });
    } else {
      toast({ title: 'Error', description: 'Failed to resend verification email. Please try again.', variant: 'destructive' });
    }
    return false;
  }
}

export function ResendVerificationButton({ email }: { email: string }) {
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');
  if (state === 'sent') return <FormSuccess>{RESEND_SENT_INLINE}</FormSuccess>;
  return (
    <Button
      variant="secondary"
      size="sm"
      className="w-full"
      disabled={state === 'sending'}
      onClick={async () => {
        setState('sending');
        setState((await resendVerificationWithFeedback(email)) ? 'sent' : 'idle');
      }}
    >
      <MailCheck aria-hidden="true" />
      {state === 'sending' ? 'Sending...' : 'Resend Verification Email'}
    </Button>
  );
}
