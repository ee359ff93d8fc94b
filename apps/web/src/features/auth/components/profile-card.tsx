import { useId, useState, type FormEvent } from 'react';
import { BadgeCheck, CheckCircle2, MailWarning, UserRound } from 'lucide-react';
import type { User } from '@reverie/shared';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { FormError, FormField } from '@/components/form/form-parts';
import { SettingsSection } from '@/components/page/settings-section';
import { getErrorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useUpdateMe, type UpdateMeBody } from '../api/update-me';
import { useGoogleConfirmation } from '../hooks/use-google-confirmation';
import { useResendWithFeedback } from './resend-verification-button';

export const REAUTH_PASSWORD_NEEDED = 'Enter your current password to change your e-mail address or username.';
export const REAUTH_GOOGLE_NEEDED = 'Confirm with Google to change your e-mail address or username.';

function changes(user: User, values: { username: string; email: string; bio: string }): UpdateMeBody {
  const out: UpdateMeBody = {};
  if (values.username.trim() !== user.username) out.username = values.username.trim();
  if (values.email.trim().toLowerCase() !== user.email.toLowerCase()) out.email = values.email.trim();
  if (values.bio.trim() !== (user.bio ?? '')) out.bio = values.bio.trim() || null;
  return out;
}

/** The e-mail address's verification badge, with a resend link while it is not verified. */
function EmailStatus({ user, resend }: { user: User; resend: ReturnType<typeof useResendWithFeedback> }) {
  const badge = user.emailVerified ? (
    <Badge variant="success">
      <BadgeCheck aria-hidden="true" />
      Verified
    </Badge>
  ) : (
    <Badge className="bg-warning/15 text-warning ring-warning/30">
      <MailWarning aria-hidden="true" />
      Not verified
    </Badge>
  );
  return (
    <span className="flex flex-wrap items-center gap-2">
      {badge}
      {user.emailVerified ? null : (
        <button
          type="button"
          disabled={resend.isPending}
          className="font-medium text-primary hover:underline disabled:opacity-60"
          onClick={() => resend.resend(user.email)}
        >
          {resend.isPending ? 'Sending...' : 'Resend verification email'}
        </button>
      )}
    </span>
  );
}

/** The bio, up to 500 characters, with its count. */
function BioField({ value, onChange }: { value: string; onChange: (bio: string) => void }) {
  const bioId = useId();
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={bioId}>Bio</Label>
      <textarea
        id={bioId}
        name="bio"
        rows={3}
        maxLength={500}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder="A line or two about you"
        className="w-full resize-y rounded-xl border border-border bg-surface px-3 py-2 text-sm text-fg placeholder:text-fg-subtle hover:border-border-strong focus-visible:border-primary focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring/60"
      />
      <p className="justify-self-end text-xs text-fg-subtle tabular-nums">{value.length}/500</p>
    </div>
  );
}

/** Proof for a username or e-mail change: the current password, or a fresh Google sign-in without one. */
function IdentityProof({
  hasPassword,
  currentPassword,
  onCurrentPasswordChange,
  google,
}: {
  hasPassword: boolean;
  currentPassword: string;
  onCurrentPasswordChange: (password: string) => void;
  google: ReturnType<typeof useGoogleConfirmation>;
}) {
  if (hasPassword) {
    return (
      <FormField
        label="Current password"
        name="currentPassword"
        type="password"
        autoComplete="current-password"
        value={currentPassword}
        onChange={(e) => onCurrentPasswordChange(e.target.value)}
        hint="Needed to change your username or e-mail address. Your previous address gets a link to undo the change."
      />
    );
  }
  if (google.code) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-success">
        <CheckCircle2 aria-hidden="true" className="size-4" />
        Confirmed with Google. Save to apply the change.
      </p>
    );
  }
  return (
    <div className="grid gap-1.5">
      <Button
        type="button"
        variant="secondary"
        className="justify-self-start"
        disabled={google.confirming}
        onClick={() => void google.confirm()}
      >
        {google.confirming ? 'Waiting for Google...' : 'Confirm with Google'}
      </Button>
      <p className="text-xs text-fg-subtle">You sign in with Google: confirm it is you to change your username or e-mail address.</p>
    </div>
  );
}

/**
 * Username, e-mail (with its verification state) and bio, saved with PUT /api/auth/me. Changing the username or
 * the e-mail address proves who you are: the current password, or a fresh Google sign-in for an account that has
 * no password (the previous address is mailed a link that undoes the change).
 */
export function ProfileCard({ user }: { user: User }) {
  const [values, setValues] = useState({ username: user.username, email: user.email, bio: user.bio ?? '' });
  const [currentPassword, setCurrentPassword] = useState('');
  const update = useUpdateMe();
  const saving = update.isPending;
  const resend = useResendWithFeedback();
  const [error, setError] = useState<string | null>(null);
  const google = useGoogleConfirmation(setError);
  const diff = changes(user, values);
  const dirty = Object.keys(diff).length > 0;
  const identityChange = diff.username !== undefined || diff.email !== undefined;
  const hasPassword = user.hasPassword !== false;

  // mutateAsync, not mutate's callbacks: the settings page re-keys this card when the saved user changes.
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!dirty || saving) return;
    if (identityChange && hasPassword && !currentPassword) return setError(REAUTH_PASSWORD_NEEDED);
    if (identityChange && !hasPassword && !google.code) return setError(REAUTH_GOOGLE_NEEDED);
    setError(null);
    const proof = !identityChange ? {} : hasPassword ? { currentPassword } : { googleCode: google.code ?? undefined };
    try {
      const updated = await update.mutateAsync({ ...diff, ...proof });
      setCurrentPassword('');
      google.clear();
      setValues({ username: updated.username, email: updated.email, bio: updated.bio ?? '' });
      toast({
        title: 'Profile updated',
        description: diff.email ? `We sent a verification link to ${updated.email}.` : 'Your changes have been saved.',
        variant: 'success',
      });
    } catch (err) {
      setError(getErrorMessage(err, 'Failed to update your profile'));
    }
  };

  return (
    <SettingsSection id="account" title="Account" description="How you appear to others and how we reach you." icon={<UserRound />}>
      <form noValidate onSubmit={submit} className="grid gap-4">
        <FormField
          label="Username"
          name="username"
          autoComplete="username"
          value={values.username}
          onChange={(e) => setValues((v) => ({ ...v, username: e.target.value }))}
        />
        <div className="grid gap-1.5">
          <FormField
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            value={values.email}
            onChange={(e) => setValues((v) => ({ ...v, email: e.target.value }))}
            hint={<EmailStatus user={user} resend={resend} />}
          />
        </div>
        <BioField value={values.bio} onChange={(bio) => setValues((v) => ({ ...v, bio }))} />
        {identityChange ? (
          <IdentityProof
            hasPassword={hasPassword}
            currentPassword={currentPassword}
            onCurrentPasswordChange={setCurrentPassword}
            google={google}
          />
        ) : null}
        {error ? <FormError>{error}</FormError> : null}
        <Button type="submit" disabled={!dirty || saving} className="justify-self-start">
          {saving ? 'Saving...' : 'Save changes'}
        </Button>
      </form>
    </SettingsSection>
  );
}
