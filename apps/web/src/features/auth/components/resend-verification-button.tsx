import { MailCheck } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { FormSuccess } from '@/components/form/form-parts';
import { ApiError, getErrorMessage } from '@/lib/api-client';
import { logError } from '@/lib/request-queue';
import { toast } from '@/lib/toast';
import { useResendVerification } from '../api/resend-verification';

export const RESEND_SENT_INLINE = 'Verification email sent! Please check your inbox.';

function toastFailure(error: unknown) {
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
}

/** The resend mutation with the toasts of product.md §8: `resend(email)`, `isPending`, and `isSuccess` for inline confirmations. */
export function useResendWithFeedback() {
  const mutation = useResendVerification();
  const resend = (email: string) =>
    mutation.mutate(email, {
      onSuccess: () =>
        toast({
          title: 'Verification Email Sent',
          description: 'Please check your inbox for a new verification email.',
          variant: 'success',
        }),
      onError: toastFailure,
    });
  return { resend, isPending: mutation.isPending, isSuccess: mutation.isSuccess };
}

export function ResendVerificationButton({ email }: { email: string }) {
  const { resend, isPending, isSuccess } = useResendWithFeedback();
  if (isSuccess) return <FormSuccess>{RESEND_SENT_INLINE}</FormSuccess>;
  return (
    <Button variant="secondary" size="sm" className="w-full" disabled={isPending} onClick={() => resend(email)}>
      <MailCheck aria-hidden="true" />
      {isPending ? 'Sending...' : 'Resend Verification Email'}
    </Button>
  );
}
