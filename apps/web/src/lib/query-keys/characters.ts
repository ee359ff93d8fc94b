import type { EndpointQuery, api } from '@reverie/shared';

export type CharactersListQuery = Omit<EndpointQuery<typeof api.characters.list>, 'page'>;
export type UserCharactersListQuery = Omit<EndpointQuery<typeof api.characters.userCharacters>, 'page'>;

/** Query keys of the characters feature (catalogue, profiles, likes, categories). */
export const charactersKeys = {
  all: ['characters'] as const,
  lists: () => [...charactersKeys.all, 'list'] as const,
  list: (query: CharactersListQuery) => [...charactersKeys.lists(), query] as const,
  details: () => [...charactersKeys.all, 'detail'] as const,
  detail: (id: string) => [...charactersKeys.details(), id] as const,
  /** The signed-in user's view of a character's rating (their own stars, whether they may rate). */
  rating: (id: string) => [...charactersKeys.all, 'rating', id] as const,
  byUser: (userId: string, query: UserCharactersListQuery) => [...charactersKeys.all, 'user', userId, query] as const,
  liked: (userId: string) => [...charactersKeys.all, 'liked', userId] as const,
  categories: () => [...charactersKeys.all, 'categories'] as const,
};
