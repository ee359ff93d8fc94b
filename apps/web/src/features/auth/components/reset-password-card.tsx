import { useState, type FormEvent } from 'react';
import { CheckCircle2, KeyRound } from 'lucide-react';
import { MIN_PASSWORD_LENGTH } from '@reverie/shared';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FormError, FormField } from '@/components/form/form-parts';
import { getErrorMessage } from '@/lib/api-client';
import { useConfirmPasswordReset } from '../api/confirm-password-reset';
import { PASSWORDS_DO_NOT_MATCH, PASSWORD_TOO_SHORT } from '../lib/sign-up-validation';
import { useAuthDialogs } from './auth-dialog-context';

/** /settings?resetToken=… : the page the password-reset e-mail links to. */
export function ResetPasswordCard({ token }: { token: string }) {
  const { openSignIn } = useAuthDialogs();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const reset = useConfirmPasswordReset();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = password.length < MIN_PASSWORD_LENGTH ? PASSWORD_TOO_SHORT : password !== confirm ? PASSWORDS_DO_NOT_MATCH : null;
    setError(problem);
    if (problem) return;
    reset.mutate(
      { token, password },
      { onError: (err) => setError(getErrorMessage(err, 'Could not reset your password. Request a new link and try again.')) },
    );
  };

  return (
    <Card className="mx-auto w-full max-w-md p-6 sm:p-8">
      {reset.isSuccess ? (
        <div className="grid justify-items-center gap-3 text-center" role="status">
          <CheckCircle2 aria-hidden="true" className="size-12 text-success" />
          <h2 className="text-xl font-bold text-fg">Password updated</h2>
          <p className="text-sm text-fg-muted">Your password has been reset. Sign in with your new password.</p>
          <Button size="lg" className="mt-2 w-full" onClick={openSignIn}>
            Sign In
          </Button>
        </div>
      ) : (
        <form noValidate onSubmit={submit} className="grid gap-4" aria-labelledby="reset-title">
          <div className="grid justify-items-center gap-2 text-center">
            <span
              aria-hidden="true"
              className="inline-flex size-12 items-center justify-center rounded-2xl bg-primary/10 text-primary ring-1 ring-primary/25"
            >
              <KeyRound className="size-6" />
            </span>
            <h2 id="reset-title" className="text-xl font-bold text-fg">
              Choose a new password
            </h2>
            <p className="text-sm text-fg-muted">
              At least {MIN_PASSWORD_LENGTH} characters. You&apos;ll be signed out on your other devices.
            </p>
          </div>
          <FormField
            label="New password"
            name="password"
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            autoFocus
          />
          <FormField
            label="Confirm new password"
            name="confirmPassword"
            type="password"
            autoComplete="new-password"
            value={confirm}
            onChange={(e) => setConfirm(e.target.value)}
          />
          {error ? <FormError>{error}</FormError> : null}
          <Button type="submit" size="lg" disabled={reset.isPending}>
            {reset.isPending ? 'Saving...' : 'Reset password'}
          </Button>
        </form>
      )}
    </Card>
  );
}
