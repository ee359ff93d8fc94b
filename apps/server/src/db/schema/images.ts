import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { characters } from './characters.ts';
import { users } from './users.ts';

/** One text-to-image request: what was asked, how far it got, and whether its cost went back. */
export const imageJobs = pgTable(
  'image_jobs',
  {
    /** Also the queue's job id, so a job is queued at most once. */
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    characterId: uuid('character_id').references(() => characters.id, { onDelete: 'set null' }),
    /** A picture asked for in a chat (the conversation it belongs to); no FK: the chat owns its rows. */
    conversationId: uuid('conversation_id'),
    kind: text('kind', { enum: ['generate', 'chat'] }).notNull(),
    status: text('status', { enum: ['queued', 'running', 'done', 'failed', 'cancelled'] })
      .notNull()
      .default('queued'),
    queue: text('queue', { enum: ['standard', 'fast'] })
      .notNull()
      .default('standard'),
    /** What the person typed. */
    prompt: text('prompt').notNull(),
    /** What the backend got: the prompt with the character's look. */
    fullPrompt: text('full_prompt').notNull(),
    negativePrompt: text('negative_prompt').notNull().default(''),
    /** Empty: the backend's default model. */
    model: text('model').notNull().default(''),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    steps: integer('steps').notNull(),
    seed: bigint('seed', { mode: 'number' }).notNull(),
    count: integer('count').notNull(),
    nsfw: boolean('nsfw').notNull().default(false),
    visibility: text('visibility', { enum: ['private', 'public'] })
      .notNull()
      .default('private'),
    error: text('error'),
    /** Runs started (a crashed worker's job runs again). */
    attempts: integer('attempts').notNull().default(0),
    /** Set once when the cost of the images not delivered was given back. */
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /**
     * The last time its owner looked at the job (its page polling it, or its event stream): a job that ends while
     * nobody has looked for a while is announced with a notification.
     */
    watchedAt: timestamp('watched_at', { withTimezone: true }),
  },
  (t) => [
    index('image_jobs_owner_idx').on(t.ownerId, t.createdAt.desc().nullsFirst()),
    index('image_jobs_unfinished_idx')
      .on(t.createdAt)
      .where(sql`${t.status} in ('queued', 'running')`),
    check('image_jobs_status', sql`${t.status} in ('queued', 'running', 'done', 'failed', 'cancelled')`),
    check('image_jobs_count', sql`${t.count} between 1 and 4`),
  ],
);

/** One picture: pending while its job runs, then ready with its two files (full WebP and thumbnail). */
export const images = pgTable(
  'images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    characterId: uuid('character_id').references(() => characters.id, { onDelete: 'set null' }),
    jobId: uuid('job_id').references(() => imageJobs.id, { onDelete: 'cascade' }),
    /** Index within its job (0-based), which also names its charge. */
    position: integer('position').notNull().default(0),
    source: text('source', { enum: ['generated', 'chat', 'seed'] }).notNull(),
    status: text('status', { enum: ['pending', 'ready', 'failed', 'cancelled'] })
      .notNull()
      .default('pending'),
    prompt: text('prompt').notNull(),
    negativePrompt: text('negative_prompt').notNull().default(''),
    model: text('model').notNull().default(''),
    seed: bigint('seed', { mode: 'number' }),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    thumbWidth: integer('thumb_width').notNull().default(0),
    thumbHeight: integer('thumb_height').notNull().default(0),
    nsfw: boolean('nsfw').notNull().default(false),
    visibility: text('visibility', { enum: ['private', 'public'] })
      .notNull()
      .default('private'),
    /** Picked for the showcase by an admin (or the seed). */
    showcase: boolean('showcase').notNull().default(false),
    /** Storage keys (server-made, never from a client). */
    fileKey: text('file_key'),
    thumbKey: text('thumb_key'),
    likesCount: integer('likes_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Moderation hold, as on characters: moderators hid the picture (`hidden`) or suspended its owner (`suspended`).
     * A held picture is private, with the visibility to restore kept beside it.
     */
    moderationHold: text('moderation_hold', { enum: ['hidden', 'suspended'] }),
    moderationHiddenAt: timestamp('moderation_hidden_at', { withTimezone: true }),
    moderationRestoreVisibility: text('moderation_restore_visibility', { enum: ['private', 'public'] }),
    /** Removed by moderators: gone for everyone, its owner included; the row and files stay so "restore" can undo it. */
    moderationRemovedAt: timestamp('moderation_removed_at', { withTimezone: true }),
  },
  (t) => [
    index('images_owner_idx')
      .on(t.ownerId, t.createdAt.desc().nullsFirst(), t.id)
      .where(sql`${t.status} = 'ready'`),
    index('images_character_idx')
      .on(t.characterId, t.createdAt.desc().nullsFirst(), t.id)
      .where(sql`${t.status} = 'ready'`),
    index('images_public_new_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id)
      .where(sql`${t.status} = 'ready' and ${t.visibility} = 'public'`),
    index('images_showcase_idx')
      .on(t.showcase.desc().nullsFirst(), t.likesCount.desc().nullsFirst(), t.createdAt.desc().nullsFirst(), t.id)
      .where(sql`${t.status} = 'ready' and ${t.visibility} = 'public'`),
    index('images_job_idx').on(t.jobId, t.position),
    index('images_moderation_idx')
      .on(t.ownerId)
      .where(sql`${t.moderationHold} is not null or ${t.moderationRemovedAt} is not null`),
    check('images_status', sql`${t.status} in ('pending', 'ready', 'failed', 'cancelled')`),
    check('images_likes_non_negative', sql`${t.likesCount} >= 0`),
  ],
);

export const imageLikes = pgTable(
  'image_likes',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    imageId: uuid('image_id')
      .notNull()
      .references(() => images.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.imageId] }), index('image_likes_image_idx').on(t.imageId)],
);

export type ImageJobRow = typeof imageJobs.$inferSelect;
export type ImageRow = typeof images.$inferSelect;
