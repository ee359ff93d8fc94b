import { Bookmark } from 'lucide-react';
import type { CharacterListItem } from '@reverie/shared';
import { useSession } from '@/features/auth';
import { guestFavorites, useIdList } from '@/features/characters';
import { addToFavoritesAction } from '@/features/guest';
import { useGuestPrompt } from '@/features/guest';
import { isRateLimitError, logError } from '@/lib/request-queue';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { useSetFavorite } from '../api/set-favorite';

/**
 * Favorite / unfavorite. A guest's favorite is kept on this device and the sign-up prompt explains that an
 * account keeps it ("add <name> to your favorites"); it is merged into the account after sign-in.
 */
export function FavoriteButton({
  character,
  className,
}: {
  character: Pick<CharacterListItem, 'id' | 'name' | 'isFavorite'>;
  className?: string;
}) {
  const { user } = useSession();
  const local = useIdList(guestFavorites);
  const prompt = useGuestPrompt();
  const mutation = useSetFavorite();
  const serverState = character.isFavorite ?? false;
  const isFavorite = user ? (mutation.isPending ? mutation.variables.favorite : serverState) : local.includes(character.id);

  const onClick = () => {
    if (!user) {
      const added = guestFavorites.toggle(character.id);
      if (added) prompt.open(addToFavoritesAction(character.name));
      return;
    }
    if (mutation.isPending) return;
    mutation.mutate(
      { id: character.id, favorite: !serverState },
      {
        onError: (error) => {
          if (isRateLimitError(error)) return;
          logError('Could not update favorites', error);
          toast({ title: 'Could not update your favorites', description: 'Please try again in a moment.', variant: 'destructive' });
        },
      },
    );
  };

  return (
    <button
      type="button"
      onClick={onClick}
      aria-pressed={isFavorite}
      className={cn(
        'inline-flex h-11 items-center justify-center gap-2 rounded-xl px-4 text-sm font-semibold ring-1 transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
        isFavorite
          ? 'bg-accent-strong/15 text-accent ring-accent/40 hover:bg-accent-strong/25'
          : 'bg-surface-raised text-fg ring-border hover:bg-surface-hover',
        className,
      )}
    >
      <Bookmark aria-hidden="true" className={cn('size-5', isFavorite && 'fill-accent text-accent')} />
      {isFavorite ? 'Favorited' : 'Favorite'}
    </button>
  );
}
