/** Query keys of the auth feature; every auth query and invalidation uses these. */
export const authKeys = {
  all: ['auth'] as const,
  config: () => [...authKeys.all, 'config'] as const,
  /** The signed-in user; the session's query adds its sign-in generation (see get-me). */
  me: () => [...authKeys.all, 'me'] as const,
  verifyEmail: (token: string) => [...authKeys.all, 'verify-email', token] as const,
};
