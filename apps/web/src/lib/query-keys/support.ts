import type { TicketStatus } from '@reverie/shared';

/** Query keys of the support feature. */
export const supportKeys = {
  all: ['support'] as const,
  lists: () => [...supportKeys.all, 'tickets'] as const,
  list: (status: TicketStatus | undefined, page: number) => [...supportKeys.lists(), { status: status ?? null, page }] as const,
  ticket: (id: string) => [...supportKeys.all, 'ticket', id] as const,
};
