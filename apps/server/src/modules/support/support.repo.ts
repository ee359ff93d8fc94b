// Support tickets with their messages, and content-removal requests.
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  contentRemovalRequests,
  supportMessages,
  supportTickets,
  users,
  type ContentRemovalRow,
  type SupportMessageRow,
  type SupportTicketRow,
} from '../../db/schema/index.ts';

export type { ContentRemovalRow, SupportMessageRow, SupportTicketRow };
export type TicketStatus = SupportTicketRow['status'];
export type TicketWithCount = SupportTicketRow & { messageCount: number };
export type NewRemovalRequest = typeof contentRemovalRequests.$inferInsert;

// Qualified by hand: Drizzle leaves columns bare when one table is in FROM, and a bare "id" here would bind to the messages.
const messageCount = sql<number>`(select count(*)::int from "support_messages" m where m."ticket_id" = "support_tickets"."id")`;

export class SupportRepo {
  constructor(private readonly db: DbOrTx) {}

  async createTicket(values: { userId: string; subject: string; category: SupportTicketRow['category'] }): Promise<SupportTicketRow> {
    const [row] = await this.db.insert(supportTickets).values(values).returning();
    return row!;
  }

  async addMessage(values: { ticketId: string; authorId: string; authorRole: 'user' | 'staff'; body: string }): Promise<SupportMessageRow> {
    const [row] = await this.db.insert(supportMessages).values(values).returning();
    return row!;
  }

  async ticket(id: string): Promise<TicketWithCount | undefined> {
    const [row] = await this.db.select({ t: supportTickets, messageCount }).from(supportTickets).where(eq(supportTickets.id, id));
    return row ? { ...row.t, messageCount: row.messageCount } : undefined;
  }

  /** The row locked for a status change (a reply and a staff action at the same moment apply one after the other). */
  async ticketForUpdate(id: string): Promise<SupportTicketRow | undefined> {
    const [row] = await this.db.select().from(supportTickets).where(eq(supportTickets.id, id)).for('update');
    return row;
  }

  async messages(ticketId: string): Promise<SupportMessageRow[]> {
    return this.db
      .select()
      .from(supportMessages)
      .where(eq(supportMessages.ticketId, ticketId))
      .orderBy(asc(supportMessages.createdAt), asc(supportMessages.id));
  }

  async updateTicket(id: string, patch: { status: TicketStatus; lastReplyBy?: 'user' | 'staff' }): Promise<void> {
    await this.db
      .update(supportTickets)
      .set({ ...patch, updatedAt: new Date(), closedAt: patch.status === 'closed' ? new Date() : null })
      .where(eq(supportTickets.id, id));
  }

  async ticketsOf(userId: string, opts: { status?: TicketStatus; limit: number; offset: number }) {
    const where = and(eq(supportTickets.userId, userId), opts.status ? eq(supportTickets.status, opts.status) : undefined);
    const [rows, [count]] = await Promise.all([
      this.db
        .select({ t: supportTickets, messageCount })
        .from(supportTickets)
        .where(where)
        .orderBy(desc(supportTickets.updatedAt), desc(supportTickets.id))
        .limit(opts.limit)
        .offset(opts.offset),
      this.db
        .select({ n: sql<number>`count(*)::int` })
        .from(supportTickets)
        .where(where),
    ]);
    return { rows: rows.map((r) => ({ ...r.t, messageCount: r.messageCount })), total: count?.n ?? 0 };
  }

  /** The account a ticket belongs to (staff view). */
  async ticketOwner(ticketId: string): Promise<{ id: string; username: string } | undefined> {
    const [row] = await this.db
      .select({ id: users.id, username: users.username })
      .from(supportTickets)
      .innerJoin(users, eq(users.id, supportTickets.userId))
      .where(eq(supportTickets.id, ticketId));
    return row;
  }

  /** Retention: tickets closed or resolved, and removal requests settled, before `before` (messages go with them). */
  async purgeClosed(before: Date): Promise<number> {
    const at = before.toISOString();
    const tickets = await this.db
      .delete(supportTickets)
      .where(
        sql`${supportTickets.status} in ('closed', 'resolved') and coalesce(${supportTickets.closedAt}, ${supportTickets.updatedAt}) < ${at}`,
      )
      .returning({ id: supportTickets.id });
    const requests = await this.db
      .delete(contentRemovalRequests)
      .where(sql`${contentRemovalRequests.resolvedAt} < ${at}`)
      .returning({ id: contentRemovalRequests.id });
    return tickets.length + requests.length;
  }

  /** undefined when the reference is taken (the caller draws another). */
  async insertRemovalRequest(values: NewRemovalRequest): Promise<ContentRemovalRow | undefined> {
    const [row] = await this.db.insert(contentRemovalRequests).values(values).onConflictDoNothing().returning();
    return row;
  }

  async removalRequest(id: string): Promise<ContentRemovalRow | undefined> {
    const [row] = await this.db.select().from(contentRemovalRequests).where(eq(contentRemovalRequests.id, id));
    return row;
  }

  async resolveRemovalRequest(id: string, outcome: NonNullable<ContentRemovalRow['outcome']>): Promise<ContentRemovalRow | undefined> {
    const [row] = await this.db
      .update(contentRemovalRequests)
      .set({ outcome, resolvedAt: new Date() })
      .where(and(eq(contentRemovalRequests.id, id), sql`${contentRemovalRequests.outcome} is null`))
      .returning();
    return row;
  }
}
