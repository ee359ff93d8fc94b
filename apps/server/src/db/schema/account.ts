import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * "Download my data": one row per requested export, built by a background job. The zip is streamed into media
 * storage under `exports/` (a private folder: never served at /media or a public bucket URL), so only the owner's
 * authenticated download reaches it, from any process; the sweep removes the file when it expires.
 */
export const accountExports = pgTable(
  'account_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['pending', 'ready', 'failed'] })
      .notNull()
      .default('pending'),
    /** The zip in media storage (`exports/<user>/<random>.zip`), never served at a storage URL; null once swept. */
    fileKey: text('file_key'),
    sizeBytes: integer('size_bytes'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [
    index('account_exports_user_idx').on(t.userId, t.createdAt),
    // One export in preparation per account, enforced by the database (two tabs clicking at once get one).
    uniqueIndex('account_exports_one_pending')
      .on(t.userId)
      .where(sql`${t.status} = 'pending'`),
  ],
);
