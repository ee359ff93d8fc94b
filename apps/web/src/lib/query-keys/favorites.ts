/** Query keys of the favorites feature. */
export const favoritesKeys = {
  all: ['favorites'] as const,
  list: (userId: string) => [...favoritesKeys.all, 'list', userId] as const,
};
