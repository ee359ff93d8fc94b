import { useState, type FormEvent } from 'react';
import { KeyRound } from 'lucide-react';
import { MIN_PASSWORD_LENGTH } from '@reverie/shared';
import { Button } from '@/components/ui/button';
import { FormError, FormField } from '@/components/form/form-parts';
import { SettingsSection } from '@/components/page/settings-section';
import { getErrorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useChangePassword } from '../api/change-password';
import { PASSWORDS_DO_NOT_MATCH, PASSWORD_TOO_SHORT } from '../lib/sign-up-validation';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

/**
 * PATCH /api/auth/me/password. Accounts created with Google have no password yet: they see "Set a password",
 * no "current" field, and the request leaves `currentPassword` out.
 */
export function PasswordCard({ hasPassword }: { hasPassword: boolean }) {
  const [values, setValues] = useState(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const change = useChangePassword();
  const saving = change.isPending;
  const set = (key: keyof typeof EMPTY) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [key]: e.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const problem =
      hasPassword && !values.currentPassword
        ? 'Current password is required'
        : values.newPassword.length < MIN_PASSWORD_LENGTH
          ? PASSWORD_TOO_SHORT
          : values.newPassword !== values.confirmPassword
            ? PASSWORDS_DO_NOT_MATCH
            : null;
    setError(problem);
    if (problem) return;
    change.mutate(
      hasPassword ? { currentPassword: values.currentPassword, newPassword: values.newPassword } : { newPassword: values.newPassword },
      {
        onSuccess: (result) => {
          setValues(EMPTY);
          toast({ title: hasPassword ? 'Password changed' : 'Password set', description: result.message, variant: 'success' });
        },
        onError: (err) => setError(getErrorMessage(err, hasPassword ? 'Failed to change your password' : 'Failed to set your password')),
      },
    );
  };

  return (
    <SettingsSection
      id="password"
      title={hasPassword ? 'Password' : 'Set a password'}
      description={
        hasPassword
          ? 'Changing it signs you out on your other devices.'
          : 'You sign in with Google. Add a password to sign in with your e-mail too.'
      }
      icon={<KeyRound />}
    >
      <form noValidate onSubmit={submit} className="grid gap-4">
        {hasPassword ? (
          <FormField
            label="Current password"
            name="currentPassword"
            type="password"
            autoComplete="current-password"
            value={values.currentPassword}
            onChange={set('currentPassword')}
          />
        ) : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            label="New password"
            name="newPassword"
            type="password"
            autoComplete="new-password"
            value={values.newPassword}
            onChange={set('newPassword')}
          />
          <FormField
            label="Confirm new password"
            name="confirmPassword"
            type="password"
            autoComplete="new-password"
            value={values.confirmPassword}
            onChange={set('confirmPassword')}
          />
        </div>
        {error ? <FormError>{error}</FormError> : null}
        <Button type="submit" disabled={saving} className="justify-self-start">
          {saving ? 'Saving...' : hasPassword ? 'Change password' : 'Set password'}
        </Button>
      </form>
    </SettingsSection>
  );
}
