// Every vector recall reads is its message's current text (recall no longer reads the messages to check): a write
// for a text that has changed since is skipped, and a change of the text or of being blocked deletes the vector
// (migration 0040_recall_speed's trigger), on PGlite and PostgreSQL.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildCharacter, buildUser } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { signMasks, signsOf, vectorToBytes } from './vector.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

it("keeps only vectors of a message's current text, and recall reads them", async () => {
  const user = await buildUser(t);
  const character = await buildCharacter(t, user, { greeting: 'Hello there.' });
  const { chat, memory } = t.deps.uow.repos;
  const conv = await chat.createConversation(user.user.id, character.id, ['Hello there.']);
  const [message] = await chat.messagesNewestFirst(conv.id, 1);
  const v = Float32Array.from([0.6, -0.8, 0]);
  const write = (text: string) =>
    memory.upsert(
      [{ messageId: message!.id, conversationId: conv.id, userId: user.user.id, model: 'm', dimensions: 3, hash: md5(text) }].map((r) => ({
        ...r,
        vector: vectorToBytes(v),
        signs: signsOf(v),
      })),
    );
  const near = () =>
    memory.nearVectors({ conversationId: conv.id, model: 'm', dimensions: 3, excluded: [], masks: signMasks(v), limit: 5 });

  await write('Some other text.');
  expect(await near()).toEqual([]);
  await write('Hello there.');
  expect(await memory.indexedCount(conv.id, 'm')).toBe(1);
  expect((await near()).map((r) => r.id)).toEqual([message!.id]);
  // Another column changing leaves the vector.
  await chat.updateMessage(message!.id, { crisisCard: '*' });
  expect(await memory.indexedCount(conv.id, 'm')).toBe(1);
  await chat.updateMessage(message!.id, { content: 'Hello again.' });
  expect(await near()).toEqual([]);
  expect((await memory.staleMessages(conv.id, 'm', 5)).map((r) => r.id)).toEqual([message!.id]);
  await write('Hello again.');
  expect(await near()).toHaveLength(1);
  await chat.updateMessage(message!.id, { status: 'blocked' });
  expect(await near()).toEqual([]);
});
