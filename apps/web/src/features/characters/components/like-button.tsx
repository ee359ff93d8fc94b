import { useRef, useState } from 'react';
import { Heart } from 'lucide-react';
import type { CharacterListItem } from '@reverie/shared';
import { useSession } from '@/features/auth';
import { isRateLimitError, logError } from '@/lib/request-queue';
import { shortenNumber } from '@/lib/format';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { isLikeRunning, useToggleLike } from '../api/toggle-like';
import { useLikeState } from '../hooks/use-like-state';
import { guestLikes } from '../lib/guest-store';

/**
 * Like / unlike. Guests like locally (merged into the account after sign-in). Signed in, one request runs at a
 * time: clicks while it runs are ignored. Rate-limit failures are dropped silently (product.md §8).
 */
export function LikeButton({
  character,
  className,
}: {
  character: Pick<CharacterListItem, 'id' | 'name' | 'likes' | 'isLiked'>;
  className?: string;
}) {
  const { user } = useSession();
  const state = useLikeState(character);
  const toggle = useToggleLike(user?.id);
  // Shown at once while the request runs; the server's answer then replaces it.
  const [optimistic, setOptimistic] = useState<boolean | null>(null);
  // Set synchronously, so a double click in one frame cannot start a second request.
  const busy = useRef(false);
  const isLiked = optimistic ?? state.isLiked;
  const likes = optimistic === null ? state.likes : state.likes + (optimistic === state.isLiked ? 0 : optimistic ? 1 : -1);

  const onClick = () => {
    if (!user) {
      guestLikes.toggle(character.id);
      return;
    }
    if (busy.current || isLikeRunning()) return;
    busy.current = true;
    const like = !state.isLiked;
    setOptimistic(like);
    toggle.mutate(
      { id: character.id, like },
      {
        onError: (error) => {
          if (isRateLimitError(error)) return;
          logError('Could not update the like', error);
          toast({ title: 'Could not update your like', description: 'Please try again in a moment.', variant: 'destructive' });
        },
        onSettled: () => {
          busy.current = false;
          setOptimistic(null);
        },
      },
    );
  };

  return (
    <button
      type="button"
      onClick={onClick}
      aria-pressed={isLiked}
      aria-busy={toggle.isPending || undefined}
      // The name includes the count it shows (WCAG 2.5.3: a voice user says what they see).
      aria-label={`${isLiked ? 'Unlike' : 'Like'} ${character.name}, ${shortenNumber(likes)} ${likes === 1 ? 'like' : 'likes'}`}
      className={cn(
        'inline-flex h-11 items-center justify-center gap-2 rounded-xl px-4 text-sm font-semibold ring-1 transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
        isLiked
          ? 'bg-primary-strong/15 text-primary ring-primary/40 hover:bg-primary-strong/25'
          : 'bg-surface-raised text-fg ring-border hover:bg-surface-hover',
        className,
      )}
    >
      <Heart aria-hidden="true" className={cn('size-5 transition-transform', isLiked && 'scale-110 fill-primary text-primary')} />
      <span data-testid="like-count">{shortenNumber(likes)}</span>
    </button>
  );
}
