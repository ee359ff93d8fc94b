import type { TicketDetail, TicketSummary } from '@reverie/shared';
import type { SupportMessageRow, TicketWithCount } from './support.repo.ts';

/** Staff replies are signed by the team, never by a moderator's account. */
export const STAFF_NAME = 'Reverie Support';

export function toTicketSummary(row: TicketWithCount): TicketSummary {
  return {
    id: row.id,
    subject: row.subject,
    category: row.category,
    status: row.status,
    lastReplyBy: row.lastReplyBy,
    messageCount: row.messageCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toTicketDetail(row: TicketWithCount, messages: SupportMessageRow[], ownerName: string): TicketDetail {
  return {
    ...toTicketSummary(row),
    messages: messages.map((m) => ({
      id: m.id,
      author: m.authorRole,
      authorName: m.authorRole === 'staff' ? STAFF_NAME : ownerName,
      body: m.body,
      createdAt: m.createdAt.toISOString(),
    })),
  };
}
