export const groupKeys = {
  all: ['groups'] as const,
  sessions: () => ['groups', 'session'] as const,
  session: (id: string) => ['groups', 'session', id] as const,
};
