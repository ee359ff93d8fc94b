import { useSearchParams } from 'react-router';
import { Eye, Settings } from 'lucide-react';
import { Page } from '@/components/page/page';
import { SettingsSection } from '@/components/page/settings-section';
import { DataExportCard } from '@/features/account';
import { DeleteAccountCard } from '@/features/account';
import { PasswordCard } from '@/features/auth';
import { ProfileCard } from '@/features/auth';
import { RequireSession } from '@/features/auth';
import { ResetPasswordCard } from '@/features/auth';
import { useSession } from '@/features/auth';
import { CoinsCard } from '@/features/billing';
import { SpendingLimitsCard } from '@/features/billing';
import { AvatarCard } from '@/features/users';
import { NotificationsCard } from '@/features/users';
import { PushSettingsCard } from '@/features/notifications';
import { PersonasCard } from '@/features/personas';
import { PreferencesCard } from '@/features/users';
import { SupportCard } from '@/features/support';
import { SpeechSettingsCard } from '@/features/voice';
import { useImageBlur, useShowNsfw } from '@/lib/nsfw';
import { SwitchRow } from '@/components/ui/switch-row';

function ContentCard() {
  const [showNsfw, setShowNsfw] = useShowNsfw();
  const [imageBlur, setImageBlur] = useImageBlur();
  return (
    <SettingsSection title="Content on this device" description="Stored in this browser only." icon={<Eye />}>
      <div className="divide-y divide-border">
        <SwitchRow
          label="Show NSFW content"
          hint="When off, characters and images marked NSFW are blurred."
          checked={showNsfw}
          onChange={setShowNsfw}
        />
        <SwitchRow
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
  const { user } = useSession();
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
    <Page
      title="Account settings"
      documentTitle="Settings"
      description="Manage your profile, security and preferences."
      icon={<Settings />}
    >
      <div className="grid max-w-3xl gap-5">
        <RequireSession
          title="Sign in to manage your account"
          description="Your profile, password, avatar and preferences live here once you have an account."
        >
          {(user) => (
            <>
              <ProfileCard key={`${user.id}:${user.username}:${user.email}:${user.bio ?? ''}`} user={user} />
              <AvatarCard user={user} />
              <PersonasCard />
              <PasswordCard hasPassword={user.hasPassword !== false} />
              <PreferencesCard user={user} />
              <CoinsCard user={user} />
              <SpendingLimitsCard />
              <NotificationsCard user={user} />
              <PushSettingsCard />
              <SpeechSettingsCard />
              <SupportCard />
            </>
          )}
        </RequireSession>
        <ContentCard />
        {/* Last, as the danger zone: the account's data and its deletion. */}
        {user ? (
          <>
            <DataExportCard />
            <DeleteAccountCard user={user} />
          </>
        ) : null}
      </div>
    </Page>
  );
}
