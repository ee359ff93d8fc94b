import { Bell } from 'lucide-react';
import type { User } from '@reverie/shared';
import { getErrorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { SettingsSection } from '@/components/page/settings-section';
import { useUpdateSettings } from '../api/update-settings';
import { SwitchRow } from '@/components/ui/switch-row';

type ToggleKey = 'emailNotifications' | 'showNsfwByDefault';

/** One switch saved on change: shows the value being saved until the server answers, and a toast on failure. */
function useToggle(user: User, key: ToggleKey) {
  const update = useUpdateSettings();
  const pending = update.isPending ? update.variables.settings[key] : undefined;
  return {
    checked: pending ?? user.settings?.[key] ?? false,
    disabled: update.isPending,
    onChange: (next: boolean) =>
      update.mutate(
        { userId: user.id, settings: { [key]: next } },
        {
          onError: (err) =>
            toast({
              title: 'Could not save your settings',
              description: getErrorMessage(err, 'Please try again.'),
              variant: 'destructive',
            }),
        },
      ),
  };
}

/** Account settings stored on the server (PUT /api/users/{id}/settings), saved as soon as they change. */
export function NotificationsCard({ user }: { user: User }) {
  const emailNotifications = useToggle(user, 'emailNotifications');
  const showNsfwByDefault = useToggle(user, 'showNsfwByDefault');

  return (
    <SettingsSection
      id="notifications"
      title="Notifications & defaults"
      description="Saved to your account on every device."
      icon={<Bell />}
    >
      <div className="divide-y divide-border">
        <SwitchRow
          label="Email notifications"
          hint="At most one e-mail a day listing notifications you have not read (new followers, likes, replies to your tickets, account news)."
          {...emailNotifications}
        />
        <SwitchRow
          label="Show NSFW by default"
          hint="Start with NSFW content visible when you sign in on a new device."
          {...showNsfwByDefault}
        />
      </div>
    </SettingsSection>
  );
}
