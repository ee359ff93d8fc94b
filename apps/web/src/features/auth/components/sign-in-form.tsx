import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { ApiError, getErrorMessage } from '@/lib/api-client';
import { FormError, FormField } from '@/components/form/form-parts';
import { useLogin } from '../api/login';
import { useGoogleAuth } from '../hooks/use-google-auth';
import { GoogleButton, OrDivider } from './google-button';
import { ResendVerificationButton } from './resend-verification-button';

export const LOGIN_FAILED = 'Login failed';

interface SignInFormProps {
  onSuccess: () => void;
  onSwitchToSignUp: () => void;
  onForgotPassword: () => void;
}

interface LoginError {
  message: string;
  /** Set when the error is about an unverified e-mail address: where to resend the link. */
  resendTo: string | null;
}

function toLoginError(error: unknown, emailOrUsername: string): LoginError {
  const message = getErrorMessage(error, LOGIN_FAILED);
  const body = error instanceof ApiError && typeof error.body === 'object' && error.body ? (error.body as Record<string, unknown>) : {};
  const needsVerification = body.requiresEmailVerification === true || /verif/i.test(message);
  if (!needsVerification) return { message, resendTo: null };
  const email = typeof body.email === 'string' ? body.email : emailOrUsername.includes('@') ? emailOrUsername.trim() : '';
  return { message, resendTo: email || null };
}

/** product.md §2/§4/§5: idle → submitting ("Signing in...") → error in the dialog, or closed on success. */
export function SignInForm({ onSuccess, onSwitchToSignUp, onForgotPassword }: SignInFormProps) {
  const [emailOrUsername, setEmailOrUsername] = useState('');
  const [password, setPassword] = useState('');
  const loginMutation = useLogin();
  const submitting = loginMutation.isPending;
  const [error, setError] = useState<LoginError | null>(null);
  const [invalid, setInvalid] = useState<'emailOrUsername' | 'password' | null>(null);
  const google = useGoogleAuth('signIn', { onSuccess, onError: (message) => setError({ message, resendTo: null }) });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const missing = !emailOrUsername.trim() ? 'emailOrUsername' : !password ? 'password' : null;
    setInvalid(missing);
    if (missing) {
      setError({ message: missing === 'password' ? 'Password is required' : 'Email or username is required', resendTo: null });
      event.currentTarget.querySelector<HTMLInputElement>(`[name="${missing}"]`)?.focus();
      return;
    }
    setError(null);
    loginMutation.mutate(
      { emailOrUsername: emailOrUsername.trim(), password },
      { onSuccess, onError: (err) => setError(toLoginError(err, emailOrUsername)) },
    );
  };

  return (
    <form noValidate onSubmit={submit} className="grid gap-4" aria-label="Sign in">
      <FormField
        label="Email or Username"
        name="emailOrUsername"
        autoComplete="username"
        required
        value={emailOrUsername}
        invalid={invalid === 'emailOrUsername'}
        onChange={(e) => setEmailOrUsername(e.target.value)}
        placeholder="you@example.com"
      />
      <div className="grid gap-1.5">
        <FormField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          invalid={invalid === 'password'}
          onChange={(e) => setPassword(e.target.value)}
          placeholder="Your password"
        />
        <button
          type="button"
          onClick={onForgotPassword}
          className="-my-1 justify-self-end py-1 text-xs font-medium text-fg-muted hover:text-primary hover:underline"
        >
          Forgot password?
        </button>
      </div>
      {error ? (
        <div className="grid gap-2">
          <FormError>{error.message}</FormError>
          {error.resendTo ? <ResendVerificationButton email={error.resendTo} /> : null}
        </div>
      ) : null}
      <Button type="submit" size="lg" className="w-full" disabled={submitting} aria-busy={submitting || undefined}>
        {submitting ? 'Signing in...' : 'Sign In'}
      </Button>
      {google.available ? (
        <>
          <OrDivider />
          <GoogleButton onClick={google.start} busy={google.busy} disabled={submitting} />
        </>
      ) : null}
      <p className="text-center text-sm text-fg-muted">
        <button type="button" onClick={onSwitchToSignUp} className="font-medium text-primary hover:underline">
          Don&apos;t have an account? Sign up
        </button>
      </p>
    </form>
  );
}
