import type { FavoriteResponse } from '@reverie/shared';
import type { FavoriteState } from './favorites.service.ts';

export const toFavoriteResponse = (s: FavoriteState): FavoriteResponse => ({ isFavorite: s.favorited, favorites: s.count });
