import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { Eye, Settings } from 'lucide-react';
import { Page } from '@/components/page/page';
import { Spinner } from '@/components/ui/spinner';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { AvatarCard } from '@/features/account/avatar-card';
import { CoinsCard } from '@/features/account/coins-card';
import { NotificationsCard } from '@/features/account/notifications-card';
import { PasswordCard } from '@/features/account/password-card';
import { PreferencesCard } from '@/features/account/preferences-card';
import { ProfileCard } from '@/features/account/profile-card';
import { ResetPasswordCard } from '@/features/account/reset-password-card';
import { SettingsSection } from '@/features/account/settings-section';
import { SignInPrompt } from '@/features/account/sign-in-prompt';
import { useSession } from '@/features/auth/use-session';
import { useImageBlur, useShowNsfw } from '@/lib/nsfw';

function SettingRow({ label, hint, checked, onChange }: { label: string; hint: string; checked: boolean; onChange: (v: boolean) => void }) {
  const id = useId();
  return (
    <div className="flex items-center justify-between gap-6 py-3 first:pt-0 last:pb-0">
      <div>
        <Label htmlFor={id}>{label}</Label>
        <p id={`${id}-hint`} className="mt-1 text-sm text-fg-muted">
          {hint}
        </p>
      </div>
      <Switch id={id} checked={checked} onCheckedChange={onChange} aria-describedby={`${id}-hint`} />
    </div>
  );
}

function ContentCard() {
  const [showNsfw, setShowNsfw] = useShowNsfw();
  const [imageBlur, setImageBlur] = useImageBlur();
  return (
    <SettingsSection title="Content on this device" description="Stored in this browser only." icon={<Eye />}>
      <div className="divide-y divide-border">
        <SettingRow
          label="Show NSFW content"
          hint="When off, characters and images marked NSFW are blurred."
          checked={showNsfw}
          onChange={setShowNsfw}
        />
        <SettingRow
          label="Blur images"
          hint="Blur generated images until you choose to reveal them."
          checked={imageBlur}
          onChange={setImageBlur}
        />
      </div>
    </SettingsSection>
  );
}

export default function SettingsPage() {
  const { user, status } = useSession();
  const [params] = useSearchParams();
  const resetToken = params.get('resetToken');

  if (resetToken && !user) {
    return (
      <Page title="Reset your password" description="Choose a new password for your account." icon={<Settings />}>
        <ResetPasswordCard token={resetToken} />
      </Page>
    );
  }

  return (
    <Page title="Account settings" description="Manage your profile, security and preferences." icon={<Settings />}>
      <div className="grid max-w-3xl gap-5">
        {user ? (
          <>
            <ProfileCard key={`${user.id}:${user.username}:${user.email}:${user.bio ?? ''}`} user={user} />
            <AvatarCard user={user} />
            <PasswordCard hasPassword={user.hasPassword !== false} />
            <PreferencesCard user={user} />
            <CoinsCard user={user} />
            <NotificationsCard user={user} />
          </>
        ) : status === 'loading' ? (
          <div className="flex justify-center py-16">
            <Spinner label="Loading your account..." showLabel />
          </div>
        ) : (
          <SignInPrompt
            title="Sign in to manage your account"
            description="Your profile, password, avatar and preferences live here once you have an account."
          />
        )}
        <ContentCard />
      </div>
    </Page>
  );
}
