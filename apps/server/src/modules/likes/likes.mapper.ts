import type { CharacterListItem, LikedCharactersResponse, LikeResponse } from '@reverie/shared';
import type { Page } from '../characters/characters.service.ts';
import type { LikeState } from './likes.service.ts';

export const toLikeResponse = (s: LikeState): LikeResponse => ({ isLiked: s.liked, likes: s.count });

export function toLikedCharactersResponse({ items, ...page }: Page<CharacterListItem>): LikedCharactersResponse {
  return { likedCharacters: items, ...page };
}
