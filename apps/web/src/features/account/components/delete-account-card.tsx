import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Trash2 } from 'lucide-react';
import type { PublicCharactersChoice, User } from '@reverie/shared';
import { FormError, FormField } from '@/components/form/form-parts';
import { SettingsSection } from '@/components/page/settings-section';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { useGoogleConfirmation } from '@/features/auth';
import { endSession } from '@/features/auth';
import { getErrorMessage } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import { useScheduleDeletion } from '../api/deletion';

export const DELETE_PASSWORD_NEEDED = 'Enter your password to delete your account.';
export const DELETE_GOOGLE_NEEDED = 'Confirm with Google to delete your account.';

const CHOICES: Array<{ value: PublicCharactersChoice; label: string; hint: string }> = [
  { value: 'delete', label: 'Delete them', hint: 'They disappear for everyone, with the chats others had with them.' },
  { value: 'anonymise', label: 'Keep them, without my name', hint: 'They stay public under an anonymous creator.' },
];

/** The required choice of what becomes of the user's public characters, as radio cards. */
function PublicCharactersFieldset({
  choice,
  onChange,
}: {
  choice: PublicCharactersChoice | null;
  onChange: (choice: PublicCharactersChoice) => void;
}) {
  const groupId = useId();
  return (
    <fieldset className="grid gap-2">
      <legend id={groupId} className="mb-1 text-sm font-medium text-fg">
        Your public characters
      </legend>
      {CHOICES.map((c) => (
        <label
          key={c.value}
          className={cn(
            'flex min-h-11 cursor-pointer items-start gap-3 rounded-xl border p-3 transition-colors',
            choice === c.value ? 'border-primary bg-primary/10' : 'border-border hover:border-border-strong',
          )}
        >
          <input
            type="radio"
            name="publicCharacters"
            value={c.value}
            checked={choice === c.value}
            onChange={() => onChange(c.value)}
            className="mt-1 size-4 shrink-0 accent-primary"
          />
          <span className="grid gap-0.5">
            <span className="text-sm font-medium text-fg">{c.label}</span>
            <span className="text-xs text-fg-muted">{c.hint}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}

/** Proof that it is the user: the password, or a fresh Google sign-in for an account that has none. */
function DeletionProof({
  hasPassword,
  password,
  onPasswordChange,
  google,
}: {
  hasPassword: boolean;
  password: string;
  onPasswordChange: (password: string) => void;
  google: ReturnType<typeof useGoogleConfirmation>;
}) {
  if (hasPassword) {
    return (
      <FormField
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => onPasswordChange(e.target.value)}
      />
    );
  }
  return (
    <div className="grid gap-2">
      <p className="text-sm text-fg-muted">Your account signs in with Google: confirm it is you with a fresh Google sign-in.</p>
      <Button variant="secondary" disabled={google.confirming || !!google.code} onClick={() => void google.confirm()}>
        {google.code ? 'Confirmed with Google' : google.confirming ? 'Waiting for Google...' : 'Confirm with Google'}
      </Button>
    </div>
  );
}

function DeleteAccountDialog({ user, open, onOpenChange }: { user: User; open: boolean; onOpenChange: (open: boolean) => void }) {
  const hasPassword = user.hasPassword !== false;
  const [password, setPassword] = useState('');
  const [choice, setChoice] = useState<PublicCharactersChoice | null>(null);
  const [error, setError] = useState<string | null>(null);
  const google = useGoogleConfirmation(setError);
  const deletion = useScheduleDeletion();
  const navigate = useNavigate();

  // mutateAsync: ending the session unmounts the settings page, so the next step cannot wait for a callback.
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (deletion.isPending) return;
    if (!choice) return setError('Choose what happens to your public characters.');
    if (hasPassword && !password) return setError(DELETE_PASSWORD_NEEDED);
    if (!hasPassword && !google.code) return setError(DELETE_GOOGLE_NEEDED);
    setError(null);
    try {
      const proof = hasPassword ? { password } : { googleCode: google.code ?? undefined };
      const { deletionDueAt } = await deletion.mutateAsync({ ...proof, publicCharacters: choice });
      // The server signed every session out; this browser follows, then shows where the undo link is.
      endSession();
      void navigate(`/keep-account?due=${encodeURIComponent(deletionDueAt)}`, { replace: true });
    } catch (err) {
      setError(getErrorMessage(err, 'Your account could not be deleted.'));
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Delete your account?</DialogTitle>
          <DialogDescription>
            You are signed out everywhere at once. For 7 days, the link we e-mail you keeps the account. After that, your e-mail, username,
            profile, chats, private characters and pictures are erased for good. Coin and payment records are kept without your name, for
            accounting.
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={submit} className="grid gap-4">
          <PublicCharactersFieldset choice={choice} onChange={setChoice} />
          <DeletionProof hasPassword={hasPassword} password={password} onPasswordChange={setPassword} google={google} />
          {error ? <FormError>{error}</FormError> : null}
          <DialogFooter className="mt-2">
            <Button variant="ghost" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={deletion.isPending}>
              <Trash2 aria-hidden="true" />
              {deletion.isPending ? 'Deleting...' : 'Delete my account'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** "Delete my account": the danger zone of the settings page, with the dialog that asks for proof and the choice. */
export function DeleteAccountCard({ user }: { user: User }) {
  const [open, setOpen] = useState(false);
  return (
    <SettingsSection
      id="delete-account"
      title="Delete account"
      description="Scheduled for 7 days, during which a link we e-mail you undoes it; then your personal data is erased."
      icon={<Trash2 />}
    >
      <Button variant="destructive" onClick={() => setOpen(true)}>
        <Trash2 aria-hidden="true" />
        Delete my account
      </Button>
      {open ? <DeleteAccountDialog user={user} open={open} onOpenChange={setOpen} /> : null}
    </SettingsSection>
  );
}
