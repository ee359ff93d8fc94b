import { Link } from 'react-router';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { useAuthDialogs } from '@/features/auth/auth-dialog-context';
import type { ShellUser } from '@/features/auth/use-current-user';

/** Sign Up / Sign In for guests; a link to the profile for a signed-in user (the full user menu comes with the session feature). */
export function AccountActions({ user }: { user: ShellUser | null }) {
  const { openSignIn, openSignUp } = useAuthDialogs();
  if (user) {
    return (
      <Link to={`/user-profile/${user.id}`} aria-label={`Your profile: ${user.username}`} className="rounded-full">
        <Avatar name={user.username} src={user.avatarUrl} size="sm" />
      </Link>
    );
  }
  return (
    <div className="flex items-center gap-1.5">
      <Button size="sm" className="px-2.5 shadow-none sm:px-3" onClick={openSignUp}>
        Sign Up
      </Button>
      <Button size="sm" variant="secondary" className="px-2.5 sm:px-3" onClick={openSignIn}>
        Sign In
      </Button>
    </div>
  );
}
