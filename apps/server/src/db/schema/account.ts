import { sql } from 'drizzle-orm';
import { customType, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/**
 * "Download my data": one row per requested export, built by a background job. The zip is kept in the row (not in
 * media storage, whose files are served publicly) so only the owner's authenticated download can reach it, from any
 * process; the sweep deletes it when it expires.
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
    archive: bytea('archive'),
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
