import type { ReactNode } from 'react';
import type { User } from '@reverie/shared';
import { Spinner } from '@/components/ui/spinner';
import { useSession } from '../hooks/use-session';
import { SignInPrompt } from './sign-in-prompt';

interface RequireSessionProps {
  /** What a guest is told instead: the prompt's heading and sentence. */
  title: string;
  description: ReactNode;
  icon?: ReactNode;
  /** Rendered with the signed-in user. */
  children: (user: User) => ReactNode;
}

/**
 * The part of a page that needs an account: the signed-in user's content, a spinner while stored tokens are
 * turned into a user (after a reload), or the sign-in prompt for guests.
 */
export function RequireSession({ title, description, icon, children }: RequireSessionProps) {
  const { user, status } = useSession();
  if (user) return <>{children(user)}</>;
  if (status === 'loading') {
    return (
      <div className="flex justify-center py-16">
        <Spinner label="Loading your account..." showLabel />
      </div>
    );
  }
  return <SignInPrompt title={title} description={description} icon={icon} />;
}
