// The moderation audit log is append-only in the database itself: UPDATE, DELETE and TRUNCATE are refused by a
// trigger (migration 0009), whoever asks, so no code path (nor a console session) can rewrite history.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { moderationAuditLog } from './schema/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const refusal = (q: Promise<unknown>) =>
  q.then(
    () => 'accepted',
    (err: { cause?: { message?: string }; message: string }) => err.cause?.message ?? err.message,
  );

describe('moderation_audit_log', () => {
  it('takes inserts and refuses UPDATE, DELETE and TRUNCATE', async () => {
    const { db } = t.deps.database;
    const [row] = await db
      .insert(moderationAuditLog)
      .values({ actorRole: 'admin', action: 'user.warn', targetType: 'user', targetId: 'x', reason: 'Spam' })
      .returning();
    expect(await refusal(db.execute(sql`update moderation_audit_log set reason = 'rewritten' where id = ${row!.id}`))).toMatch(
      /append-only: UPDATE/,
    );
    expect(await refusal(db.execute(sql`delete from moderation_audit_log where id = ${row!.id}`))).toMatch(/append-only: DELETE/);
    expect(await refusal(db.execute(sql`truncate moderation_audit_log`))).toMatch(/append-only: TRUNCATE/);
    const [still] = await db
      .select()
      .from(moderationAuditLog)
      .where(sql`${moderationAuditLog.id} = ${row!.id}`);
    expect(still).toMatchObject({ reason: 'Spam' });
  });

  it('refuses an entry without a reason', async () => {
    const { db } = t.deps.database;
    const res = await refusal(
      db.insert(moderationAuditLog).values({ actorRole: 'admin', action: 'user.warn', targetType: 'user', targetId: 'x', reason: '' }),
    );
    expect(res).toMatch(/moderation_audit_reason/);
  });
});
