// Migration 0040_recall_speed gives the vectors written before it their signs, computed in SQL from the stored bytes:
// they must be the very signs the indexer writes now (vector.ts `signsOf`), or recall's coarse pass would rank the
// old vectors wrongly. The migration's own UPDATE is run again here over rows with dense and sparse vectors. Here in
// db/ because it runs SQL of its own (only db/ and repositories use Drizzle).
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildCharacter, buildUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { signsOf, vectorToBytes } from '../modules/memory/vector.ts';

const migration = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations/0040_recall_speed.sql');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it("backfills each existing vector's signs as the indexer writes them", async () => {
  const text = await readFile(migration, 'utf8');
  const update = text.slice(text.indexOf('UPDATE "chat_message_embeddings"'), text.indexOf(');--> statement-breakpoint') + 2);
  expect(update).toContain('SET "signs"');
  const user = await buildUser(t);
  const character = await buildCharacter(t, user, { greeting: 'Hello.' });
  const { chat, memory } = t.deps.uow.repos;
  const conv = await chat.createConversation(user.user.id, character.id, ['Hello.']);
  const [message] = await chat.messagesNewestFirst(conv.id, 1);
  let seed = 3;
  const rand = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31) * 2 - 1;
  const vectors = [
    Float32Array.from({ length: 48 }, (_, i) => (i % 5 === 0 ? 0 : i % 7 === 0 ? -0 : rand())),
    Float32Array.from({ length: 16 }, () => Math.max(0, rand())),
  ];
  for (const [i, v] of vectors.entries()) {
    const row = {
      messageId: message!.id,
      conversationId: conv.id,
      userId: user.user.id,
      hash: createHash('md5').update('Hello.').digest('hex'),
      dimensions: v.length,
    };
    await memory.upsert([{ ...row, model: `m${i}`, vector: vectorToBytes(v), signs: '0' }]);
    await t.deps.database.db.execute(sql.raw(update));
    const res = await t.deps.database.db.execute(sql`select signs from chat_message_embeddings`);
    expect((res as unknown as { rows: { signs: string }[] }).rows).toEqual([{ signs: signsOf(v) }]);
  }
});
