/** Query keys of the users feature. */
export const usersKeys = {
  all: ['users'] as const,
  detail: (id: string) => [...usersKeys.all, id] as const,
};
