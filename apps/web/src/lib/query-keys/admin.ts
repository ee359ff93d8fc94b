import type { QueueQuery } from '@reverie/shared';

/** Query keys of the admin console; every action invalidates `all` (queue, items, accounts and the log all move). */
export const adminKeys = {
  all: ['admin'] as const,
  queue: (q: QueueQuery) => [...adminKeys.all, 'queue', q] as const,
  item: (id: string) => [...adminKeys.all, 'item', id] as const,
  users: (q: { q?: string; suspendedOnly?: boolean; page: number }) => [...adminKeys.all, 'users', q] as const,
  user: (id: string) => [...adminKeys.all, 'user', id] as const,
  ageAssurance: (id: string) => [...adminKeys.all, 'user', id, 'age-assurance'] as const,
  audit: (q: { targetId?: string; page: number }) => [...adminKeys.all, 'audit', q] as const,
};
