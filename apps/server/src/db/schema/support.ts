import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

export const supportTickets = pgTable(
  'support_tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    category: text('category', { enum: ['account', 'billing', 'technical', 'content', 'safety', 'other'] }).notNull(),
    status: text('status', { enum: ['open', 'waiting', 'resolved', 'closed'] })
      .notNull()
      .default('open'),
    lastReplyBy: text('last_reply_by', { enum: ['user', 'staff'] })
      .notNull()
      .default('user'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    index('support_tickets_user_updated_idx').on(t.userId, t.updatedAt.desc().nullsFirst()),
    check('support_tickets_status', sql`${t.status} in ('open', 'waiting', 'resolved', 'closed')`),
  ],
);
export type SupportTicketRow = typeof supportTickets.$inferSelect;

export const supportMessages = pgTable(
  'support_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => supportTickets.id, { onDelete: 'cascade' }),
    /** The account that wrote it; null when that staff account was deleted since. */
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    authorRole: text('author_role', { enum: ['user', 'staff'] }).notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('support_messages_ticket_idx').on(t.ticketId, t.createdAt)],
);
export type SupportMessageRow = typeof supportMessages.$inferSelect;

export const contentRemovalRequests = pgTable(
  'content_removal_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Quoted in mail: CR- and 8 characters without look-alikes. */
    reference: text('reference').notNull(),
    requesterId: uuid('requester_id').references(() => users.id, { onDelete: 'set null' }),
    subjectUrl: text('subject_url').notNull(),
    /** The subject the URL names on this site (a character), when it names one. */
    subjectType: text('subject_type'),
    subjectId: uuid('subject_id'),
    reason: text('reason', { enum: ['copyright', 'likeness', 'underage', 'non_consensual', 'other'] }).notNull(),
    contactEmail: text('contact_email').notNull(),
    name: text('name'),
    details: text('details').notNull(),
    swornStatement: boolean('sworn_statement').notNull().default(false),
    outcome: text('outcome', { enum: ['removed', 'rejected', 'no_action'] }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('content_removal_requests_reference_idx').on(t.reference)],
);
export type ContentRemovalRow = typeof contentRemovalRequests.$inferSelect;
