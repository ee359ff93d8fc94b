import { useState, type FormEvent } from 'react';
import { PRODUCT_NAME } from '@reverie/shared';
import { Button } from '@/components/ui/button';
import { ApiError, getErrorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { FormError, FormField } from '@/components/form/form-parts';
import { useRegister } from '../api/register';
import { useGoogleAuth } from '../hooks/use-google-auth';
import { validateSignUp, type SignUpField, type SignUpValues } from '../lib/sign-up-validation';
import { GoogleButton, OrDivider } from './google-button';

export const REGISTRATION_FAILED = 'Registration failed';
const EMPTY: SignUpValues = { email: '', username: '', password: '', confirmPassword: '' };

/** What one of the form's inputs needs: its name, value, validity and change handler. */
interface SignUpFieldProps {
  name: SignUpField;
  value: string;
  required: boolean;
  invalid: boolean;
  onChange: (e: { target: { value: string } }) => void;
}

/** The e-mail, username, password and confirmation inputs. */
function SignUpFields({ field }: { field: (name: SignUpField) => SignUpFieldProps }) {
  return (
    <>
      <FormField label="Email" type="email" autoComplete="email" placeholder="you@example.com" {...field('email')} />
      <FormField
        label="Username"
        autoComplete="username"
        placeholder="How others will see you"
        autoCapitalize="none"
        spellCheck={false}
        {...field('username')}
      />
      <FormField label="Password" type="password" autoComplete="new-password" placeholder="At least 6 characters" {...field('password')} />
      <FormField
        label="Confirm Password"
        type="password"
        autoComplete="new-password"
        placeholder="Repeat your password"
        {...field('confirmPassword')}
      />
    </>
  );
}

/** The age confirmation and the links to the terms and the privacy policy that signing up agrees to. */
function SignUpTermsNote() {
  return (
    <p className="text-center text-xs text-fg-subtle">
      By creating an account you confirm you are 18 or older and agree to our{' '}
      <a href="/legal/terms-of-service" target="_blank" rel="noopener" className="underline hover:text-fg">
        Terms of Service
      </a>{' '}
      and{' '}
      <a href="/legal/privacy-policy" target="_blank" rel="noopener" className="underline hover:text-fg">
        Privacy Policy
      </a>
      .
    </p>
  );
}

/** product.md §2/§4/§5 sign-up. Unmounting (closing the dialog) resets the form and the error. */
export function SignUpForm({ onSuccess, onSwitchToSignIn }: { onSuccess: () => void; onSwitchToSignIn: () => void }) {
  const [values, setValues] = useState<SignUpValues>(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const [invalid, setInvalid] = useState<SignUpField | null>(null);
  const registerMutation = useRegister();
  const submitting = registerMutation.isPending;
  const google = useGoogleAuth('signUp', { onSuccess, onError: setError });

  const field = (name: SignUpField): SignUpFieldProps => ({
    name,
    value: values[name],
    required: true,
    invalid: invalid === name,
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value })),
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const problem = validateSignUp(values);
    setInvalid(problem?.field ?? null);
    if (problem) {
      setError(problem.message);
      event.currentTarget.querySelector<HTMLInputElement>(`[name="${problem.field}"]`)?.focus();
      return;
    }
    setError(null);
    const form = event.currentTarget;
    registerMutation.mutate(
      { ...values, email: values.email.trim(), username: values.username.trim() },
      {
        onSuccess: () => {
          setValues(EMPTY);
          toast({
            title: 'Account Created Successfully!',
            description: `Welcome to ${PRODUCT_NAME}! You're now logged in.`,
            variant: 'success',
          });
          onSuccess();
        },
        onError: (err) => {
          setError(getErrorMessage(err, REGISTRATION_FAILED));
          // 409 names the taken field (e-mail or username): mark it and put the cursor there.
          const field = err instanceof ApiError ? err.details?.field : undefined;
          if (field === 'email' || field === 'username') {
            setInvalid(field);
            form.querySelector<HTMLInputElement>(`[name="${field}"]`)?.focus();
          }
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={submit} className="grid gap-3" aria-label="Create your account">
      <SignUpFields field={field} />
      {error ? <FormError>{error}</FormError> : null}
      <Button type="submit" size="lg" className="w-full" disabled={submitting} aria-busy={submitting || undefined}>
        {submitting ? 'Creating Account...' : 'Create Account'}
      </Button>
      {google.available ? (
        <>
          <OrDivider />
          <GoogleButton onClick={google.start} busy={google.busy} disabled={submitting} />
        </>
      ) : null}
      <SignUpTermsNote />
      <p className="text-center text-sm text-fg-muted">
        <button type="button" onClick={onSwitchToSignIn} className="font-medium text-primary hover:underline">
          Already have an account? Sign in
        </button>
      </p>
    </form>
  );
}
