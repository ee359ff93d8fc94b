import { UserCheck, UserPlus } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useSession } from '@/features/auth';
import { useGuestPrompt } from '@/features/guest';
import { getErrorMessage } from '@/lib/api-client';
import { isRateLimitError, logError } from '@/lib/request-queue';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { useSetFollow } from '../api/set-follow';

interface FollowButtonProps {
  userId: string;
  username: string;
  isFollowing: boolean | undefined;
  size?: 'sm' | 'md';
  /** Icon only below the `sm` breakpoint (dense rows on phones). */
  compact?: boolean;
  className?: string;
}

/** Follow / unfollow a creator; guests get the sign-up prompt; nothing on one's own profile. */
export function FollowButton({ userId, username, isFollowing = false, size = 'md', compact = false, className }: FollowButtonProps) {
  const { user } = useSession();
  const prompt = useGuestPrompt();
  const mutation = useSetFollow();
  if (user?.id === userId) return null;
  const shown = mutation.isPending ? mutation.variables.follow : isFollowing;

  const onClick = () => {
    if (!user) {
      prompt.open(`follow ${username}`);
      return;
    }
    if (mutation.isPending) return;
    mutation.mutate(
      { userId, follow: !isFollowing },
      {
        onError: (error) => {
          if (isRateLimitError(error)) return;
          logError('Could not update the follow', error);
          toast({ title: 'Could not update following', description: getErrorMessage(error, 'Please try again.'), variant: 'destructive' });
        },
      },
    );
  };

  return (
    <Button
      size={size}
      variant={shown ? 'secondary' : 'primary'}
      onClick={onClick}
      aria-pressed={shown}
      aria-label={shown ? `Unfollow ${username}` : `Follow ${username}`}
      className={cn(compact ? 'px-2.5 sm:min-w-28 sm:px-3' : 'min-w-28', className)}
    >
      {shown ? <UserCheck aria-hidden="true" /> : <UserPlus aria-hidden="true" />}
      <span className={compact ? 'hidden sm:inline' : undefined}>{shown ? 'Following' : 'Follow'}</span>
    </Button>
  );
}
