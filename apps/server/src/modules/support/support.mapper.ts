import type { ContentRemovalResponse, TicketDetail, TicketSummary } from '@reverie/shared';
import type { ContentRemovalRow, TicketWithCount } from './support.repo.ts';
import type { TicketThread } from './support.service.ts';

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

export function toTicketDetail({ ticket, messages, ownerName }: TicketThread): TicketDetail {
  return {
    ...toTicketSummary(ticket),
    messages: messages.map((m) => ({
      id: m.id,
      author: m.authorRole,
      authorName: m.authorRole === 'staff' ? STAFF_NAME : ownerName,
      body: m.body,
      createdAt: m.createdAt.toISOString(),
    })),
  };
}

export function toContentRemovalResponse({ row, acknowledged }: { row: ContentRemovalRow; acknowledged: boolean }): ContentRemovalResponse {
  return {
    reference: row.reference,
    message: acknowledged
      ? `We received your request. Your reference is ${row.reference}; we sent an acknowledgement to ${row.contactEmail}.`
      : `We received your request. Your reference is ${row.reference}. We could not send the acknowledgement e-mail yet and will keep trying; please keep this reference.`,
  };
}
