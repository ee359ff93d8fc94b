import { useState, type FormEvent } from 'react';
import { ArrowLeft } from 'lucide-react';
import { Email } from '@reverie/shared';
import { Button } from '@/components/ui/button';
import { getErrorMessage } from '@/lib/api-client';
import { FormError, FormField, FormSuccess } from '@/components/form/form-parts';
import { useRequestPasswordReset } from '../api/request-password-reset';

export const RESET_REQUESTED_FALLBACK = 'If an account exists for that address, we have sent a link to reset your password.';

/** Inline in the sign-in dialog: asks for an e-mail address and mails a reset link. */
export function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const [email, setEmail] = useState('');
  const [invalidInput, setInvalidInput] = useState<string | null>(null);
  const reset = useRequestPasswordReset();
  const errorMessage =
    invalidInput ?? (reset.isError ? getErrorMessage(reset.error, 'Could not send the reset link. Please try again.') : null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = Email.safeParse(email);
    if (!parsed.success) {
      reset.reset();
      setInvalidInput(email.trim() ? 'Please enter a valid email address' : 'Email is required');
      return;
    }
    setInvalidInput(null);
    reset.mutate(parsed.data);
  };

  return (
    <form noValidate onSubmit={submit} className="grid gap-4" aria-label="Reset your password">
      <p className="text-sm text-fg-muted">
        Enter the e-mail address of your account and we&apos;ll send you a link to choose a new password.
      </p>
      <FormField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        required
        value={email}
        invalid={errorMessage !== null}
        onChange={(e) => setEmail(e.target.value)}
        placeholder="you@example.com"
      />
      {errorMessage ? <FormError>{errorMessage}</FormError> : null}
      {reset.isSuccess && !invalidInput ? <FormSuccess>{reset.data.message || RESET_REQUESTED_FALLBACK}</FormSuccess> : null}
      <Button type="submit" size="lg" className="w-full" disabled={reset.isPending}>
        {reset.isPending ? 'Sending...' : 'Send reset link'}
      </Button>
      <Button variant="ghost" onClick={onBack} className="justify-self-center">
        <ArrowLeft aria-hidden="true" />
        Back to sign in
      </Button>
    </form>
  );
}
