import { useParams } from 'react-router';
import { LogIn, UserRound } from 'lucide-react';
import { EmptyState } from '@/components/page/empty-state';
import { Page } from '@/components/page/page';
import { SimplePage } from '@/components/page/simple-page';
import { Button } from '@/components/ui/button';
import { useAuthDialogs } from '@/features/auth/auth-dialog-context';
import { useCurrentUser } from '@/features/auth/use-current-user';

export default function UserProfilePage() {
  const { id } = useParams();
  const user = useCurrentUser();
  const { openSignIn } = useAuthDialogs();

  if (!id && !user) {
    return (
      <Page title="Profile" description="Your characters, followers and activity in one place." icon={<UserRound />}>
        <EmptyState
          icon={<LogIn />}
          title="Sign in to see your profile"
          description="Create an account or sign in to build a profile, publish characters and follow creators."
          action={<Button onClick={openSignIn}>Sign In</Button>}
        />
      </Page>
    );
  }
  return (
    <SimplePage
      title="Profile"
      description="Characters, followers and activity."
      icon={<UserRound />}
      empty={{
        title: 'No public characters yet',
        description: 'Characters published from this account will be listed here.',
        action: { label: 'Discover characters', to: '/' },
      }}
      grid
    />
  );
}
