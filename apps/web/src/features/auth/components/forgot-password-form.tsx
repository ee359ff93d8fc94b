import { useState, type FormEvent } from 'react';
import { ArrowLeft } from 'lucide-react';
import { Email } from '@reverie/shared';
import { Button } from '@/components/ui/button';
import { getErrorMessage } from '@/lib/api-client';
import { FormError, FormField, FormSuccess } from './form-parts';
import { requestPasswordReset } from './request-password-reset';

export const RESET_REQUESTED_FALLBACK = 'If an account exists for that address, we have sent a link to reset your password.';

/** Inline in the sign-in dialog: asks for an e-mail address and mails a reset link. */
export function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const [email, setEmail] = useState('');
  const [state, setState] = useState<{ status: 'idle' | 'sending' } | { status: 'sent' | 'error'; message: string }>({ status: 'idle' });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = Email.safeParse(email);
    if (!parsed.success) {
      setState({ status: 'error', message: email.trim() ? 'Please enter a valid email address' : 'Email is required' });
      return;
    }
    setState({ status: 'sending' });
    try {
      const result = await requestPasswordReset(parsed.data);
      setState({ status: 'sent', message: result.message || RESET_REQUESTED_FALLBACK });
    } catch (error) {
      setState({ status: 'error', message: getErrorMessage(error, 'Could not send the reset link. Please try again.') });
    }
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
        invalid={state.status === 'error'}
        onChange={(e) => setEmail(e.target.value)}
        placeholder="you@example.com"
      />
      {state.status === 'error' ? <FormError>{state.message}</FormError> : null}
      {state.status === 'sent' ? <FormSuccess>{state.message}</FormSuccess> : null}
      <Button type="submit" size="lg" className="w-full" disabled={state.status === 'sending'}>
        {state.status === 'sending' ? 'Sending...' : 'Send reset link'}
      </Button>
      <Button variant="ghost" onClick={onBack} className="justify-self-center">
        <ArrowLeft aria-hidden="true" />
        Back to sign in
      </Button>
    </form>
  );
}
