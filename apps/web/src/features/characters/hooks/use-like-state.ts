import type { CharacterListItem } from '@reverie/shared';
import { useSession } from '@/features/auth';
import { guestLikes, useIdList } from '../lib/guest-store';

export interface LikeState {
  isLiked: boolean;
  likes: number;
}

/**
 * What a card or profile shows: the server's answer for a signed-in user; for a guest, the local like on top of
 * the public count (their like is not on the server yet).
 */
export function useLikeState(character: Pick<CharacterListItem, 'id' | 'likes' | 'isLiked'>): LikeState {
  const { user } = useSession();
  const localLikes = useIdList(guestLikes);
  if (user) return { isLiked: character.isLiked ?? false, likes: character.likes };
  const isLiked = localLikes.includes(character.id);
  return { isLiked, likes: character.likes + (isLiked ? 1 : 0) };
}
