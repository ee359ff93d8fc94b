import { useId, useState } from 'react';
import { Bell } from 'lucide-react';
import type { User, UserSettings } from '@reverie/shared';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { updateSessionUser } from '@/features/auth/session-store';
import { getErrorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { SettingsSection } from './settings-section';
import { updateSettings } from './update-settings';

type ToggleKey = 'emailNotifications' | 'showNsfwByDefault';

function Row({
  label,
  hint,
  checked,
  disabled,
  onChange,
}: {
  label: string;
  hint: string;
  checked: boolean;
  disabled: boolean;
  onChange: (v: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-center justify-between gap-6 py-3 first:pt-0 last:pb-0">
      <div>
        <Label htmlFor={id}>{label}</Label>
        <p id={`${id}-hint`} className="mt-1 text-sm text-fg-muted">
          {hint}
        </p>
      </div>
      <Switch id={id} checked={checked} disabled={disabled} onCheckedChange={onChange} aria-describedby={`${id}-hint`} />
    </div>
  );
}

/** Account settings stored on the server (PUT /api/users/{id}/settings), saved as soon as they change. */
export function NotificationsCard({ user }: { user: User }) {
  const [pending, setPending] = useState<Partial<UserSettings>>({});
  const value = (key: ToggleKey) => pending[key] ?? user.settings?.[key] ?? false;

  const change = async (key: ToggleKey, next: boolean) => {
    setPending((p) => ({ ...p, [key]: next }));
    try {
      updateSessionUser(await updateSettings(user.id, { [key]: next }));
    } catch (err) {
      toast({ title: 'Could not save your settings', description: getErrorMessage(err, 'Please try again.'), variant: 'destructive' });
    } finally {
      setPending((p) => {
        const rest = { ...p };
        delete rest[key];
        return rest;
      });
    }
  };

  return (
    <SettingsSection title="Notifications & defaults" description="Saved to your account on every device." icon={<Bell />}>
      <div className="divide-y divide-border">
        <Row
          label="Email notifications"
          hint="News about characters you follow and account activity."
          checked={value('emailNotifications')}
          disabled={'emailNotifications' in pending}
          onChange={(v) => void change('emailNotifications', v)}
        />
        <Row
          label="Show NSFW by default"
          hint="Start with NSFW content visible when you sign in on a new device."
          checked={value('showNsfwByDefault')}
          disabled={'showNsfwByDefault' in pending}
          onChange={(v) => void change('showNsfwByDefault', v)}
        />
      </div>
    </SettingsSection>
  );
}
