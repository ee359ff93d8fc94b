import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reporterId: uuid('reporter_id').references(() => users.id, { onDelete: 'set null' }),
    subjectType: text('subject_type', { enum: ['character', 'image', 'message', 'user'] }).notNull(),
    subjectId: uuid('subject_id').notNull(),
    /** Whose the subject is, at the time of the report. */
    subjectOwnerId: uuid('subject_owner_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason').notNull(),
    note: text('note'),
    /** What the reporter saw (a chat message's text, a character's name), kept because the subject can change or go. */
    snapshot: text('snapshot'),
    status: text('status', { enum: ['open', 'resolved', 'dismissed'] })
      .notNull()
      .default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    index('reports_subject_idx').on(t.subjectType, t.subjectId),
    // One open report per reporter and subject: a second click is a 409, not a second queue item.
    uniqueIndex('reports_open_once_idx')
      .on(t.reporterId, t.subjectType, t.subjectId)
      .where(sql`${t.status} = 'open'`),
  ],
);
export type ReportRow = typeof reports.$inferSelect;

/** Facts a queue item carries (blocked-content events: rule, field, surface and policy version, never text). */
/** A blocked text's reasons as the queue keeps them (the span only when the author asked for a review). */
export interface QueueProblem {
  field: string;
  rule: string;
  span?: string;
}
export type QueueData = Record<string, string | number | boolean | null | QueueProblem[]>;

/** The one moderation queue: reports, removal requests, blocked-content events and tickets. */
export const moderationQueue = pgTable(
  'moderation_queue',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: ['report', 'removal_request', 'blocked_content', 'ticket'] }).notNull(),
    /** The report, removal request or ticket this item stands for (null for blocked-content events). */
    refId: uuid('ref_id'),
    status: text('status', { enum: ['open', 'resolved', 'dismissed'] })
      .notNull()
      .default('open'),
    priority: text('priority', { enum: ['high', 'normal'] })
      .notNull()
      .default('normal'),
    title: text('title').notNull(),
    subjectType: text('subject_type', { enum: ['character', 'image', 'message', 'user'] }),
    subjectId: uuid('subject_id'),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    /** Open items with the same key take repeats (one account's blocked attempts under one rule). */
    groupKey: text('group_key'),
    count: integer('count').notNull().default(1),
    data: jsonb('data').$type<QueueData>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: uuid('resolved_by'),
  },
  (t) => [
    index('moderation_queue_status_idx').on(t.status, t.priority, t.updatedAt.desc().nullsFirst()),
    index('moderation_queue_subject_idx').on(t.subjectType, t.subjectId),
    index('moderation_queue_owner_idx').on(t.ownerId),
    index('moderation_queue_ref_idx').on(t.refId),
    uniqueIndex('moderation_queue_group_open_idx')
      .on(t.kind, t.groupKey)
      .where(sql`${t.status} = 'open' and ${t.groupKey} is not null`),
  ],
);
export type QueueRow = typeof moderationQueue.$inferSelect;

/**
 * Every moderation action: who, what, when, why. Append-only: no foreign keys (it outlives the accounts it names),
 * no update or delete in the code, and a trigger that refuses UPDATE, DELETE and TRUNCATE (migration 0009).
 */
export const moderationAuditLog = pgTable(
  'moderation_audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: uuid('actor_id'),
    actorRole: text('actor_role').notNull(),
    /** Kept as it was at the time, since accounts can be renamed or deleted. */
    actorName: text('actor_name'),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    targetLabel: text('target_label'),
    /** The account the target belongs to (a character's creator), so an account's history finds it. */
    targetOwnerId: uuid('target_owner_id'),
    reason: text('reason').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('moderation_audit_created_idx').on(t.createdAt.desc().nullsFirst()),
    index('moderation_audit_target_idx').on(t.targetId, t.createdAt.desc().nullsFirst()),
    index('moderation_audit_owner_idx').on(t.targetOwnerId, t.createdAt.desc().nullsFirst()),
    index('moderation_audit_actor_idx').on(t.actorId, t.createdAt.desc().nullsFirst()),
    check('moderation_audit_reason', sql`length(${t.reason}) > 0`),
  ],
);
export type AuditRow = typeof moderationAuditLog.$inferSelect;
