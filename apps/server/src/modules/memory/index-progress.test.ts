// How far the index of every message has come, as a line of /api/health (issue 41): the messages with a vector of the
// current model, the re-embedding after a model change, the detail for administrators only, and a count taken at
// most once a minute. On PGlite and PostgreSQL.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildCharacter, buildUser } from '../../../test/factories.ts';
import { HashEmbedder } from '../../../test/hash-embedder.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { buildStaff } from '../../../test/staff.ts';
import type { EmbedderInfo } from '../../providers/embeddings/index.ts';
import { describeProgress, IndexProgress, PROGRESS_FRESH_MS } from './index-progress.ts';

/** The test embedder under a model name the test changes, as an operator changing EMBEDDING_MODEL does. */
class RenamedEmbedder extends HashEmbedder {
  modelName = 'test:hash';
  override info(): EmbedderInfo {
    return { ...super.info(), model: this.modelName };
  }
}

let t: TestApp;
const embedder = new RenamedEmbedder();
beforeAll(async () => {
  t = await createTestApp({}, undefined, { embedder });
}, 60_000);
afterAll(() => t?.close());

it('counts the messages with a vector of the current model, again after the model changes', async () => {
  const user = await buildUser(t);
  const character = await buildCharacter(t, user, { greeting: 'Hello there.' });
  const { chat } = t.deps.uow.repos;
  const conv = await chat.createConversation(user.user.id, character.id, ['Hello there.']);
  for (const content of ['My cat is called Miso.', 'What a lovely name.', '   ']) {
    await chat.insertMessage({ conversationId: conv.id, role: 'user', content });
  }
  await chat.insertMessage({ conversationId: conv.id, role: 'assistant', content: 'Something refused.', status: 'blocked' });
  let clock = 1_000_000;
  const progress = new IndexProgress({ uow: t.deps.uow, embedder, vectorIndex: { enabled: false }, now: () => clock });
  const { indexer } = t.modules.memory.services;

  // The greeting and two messages: not the blank one, not the blocked one.
  expect(await progress.health()).toEqual({
    status: 'ok',
    detail:
      '0 of 3 messages (0.0 %) have a vector of test:hash; the rest are embedded in the background, the most recently active conversations first.',
  });
  expect(await indexer.indexConversation(conv.id)).toBe(3);
  // Counted at most once a minute.
  expect((await progress.health()).detail).toMatch(/^0 of 3 messages/);
  clock += PROGRESS_FRESH_MS;
  expect(await progress.health()).toEqual({ status: 'ok', detail: 'Every message (3) has a vector of test:hash.' });

  // Another model: counted at once, the older vectors said, then replaced by the re-embedding.
  embedder.modelName = 'test:hash-2';
  expect(await progress.health()).toEqual({
    status: 'ok',
    detail:
      '0 of 3 messages (0.0 %) have a vector of test:hash-2; the rest are embedded in the background, the most recently active conversations first. 3 vectors of an earlier model are replaced as it goes.',
  });
  expect(await indexer.indexConversation(conv.id)).toBe(3);
  clock += PROGRESS_FRESH_MS;
  expect(await progress.health()).toEqual({ status: 'ok', detail: 'Every message (3) has a vector of test:hash-2.' });
});

it('is a line of the health report whose detail only administrators read', async () => {
  const open = await t.app.inject({ method: 'GET', url: '/api/health' });
  expect(open.json().providers.memoryIndex).toEqual({ status: 'ok', kind: 'test' });
  const admin = await buildStaff(t, 'admin');
  const details = await t.app.inject({ method: 'GET', url: '/api/health/details', headers: admin.auth });
  expect(details.json().providers.memoryIndex).toMatchObject({ status: 'ok', kind: 'test', detail: expect.stringMatching(/ messages? /) });
});

it('says when there is no model, while it downloads, and what waits for pgvector', async () => {
  const off = new IndexProgress({
    uow: t.deps.uow,
    embedder: { info: () => ({ provider: 'off', model: 'off', dimensions: undefined, state: 'off' }) },
    vectorIndex: { enabled: false },
  });
  expect(await off.health()).toEqual({
    status: 'disabled',
    detail: 'No embedding model (EMBEDDING_PROVIDER=off): recall searches by words only.',
  });
  const downloading = { model: 'embedded:gemma', state: 'downloading' as const, progress: 42 };
  expect(describeProgress(downloading, { messages: 2_000, current: 1_999, otherModels: 0, uncopied: 1_250 })).toBe(
    '1,999 of 2,000 messages (99.9 %) have a vector of embedded:gemma; the rest wait for the model. The model is downloading (42 %): ' +
      'recall searches by words meanwhile. 1,250 vectors wait to be copied into pgvector (their conversations are ranked in the process meanwhile).',
  );
  expect(describeProgress({ model: 'm', state: 'ready' }, { messages: 0, current: 0, otherModels: 0, uncopied: 0 })).toBe(
    'No messages to index yet (the model: m).',
  );
});

it('answers within its wait while a slow count goes on, with the last count once there is one', async () => {
  let release: (() => void) | undefined;
  let counted = 0;
  const slowMemory = {
    indexProgress: async () => {
      counted++;
      await new Promise<void>((resolve) => (release = resolve));
      return { messages: 10, current: counted === 1 ? 4 : 10, otherModels: 0 };
    },
  };
  let clock = 0;
  const progress = new IndexProgress({
    uow: { repos: { memory: slowMemory, memoryVectors: { unconvertedCount: async () => 0 } } } as never,
    embedder,
    vectorIndex: { enabled: false },
    now: () => clock,
    waitMs: 20,
  });
  embedder.modelName = 'test:slow';
  // No count yet: the check says one is under way rather than wait for it.
  expect(await progress.health()).toEqual({
    status: 'ok',
    detail: 'The messages with a vector of test:slow are being counted; the next check shows the count.',
  });
  // A second check does not start a second count.
  await progress.health();
  expect(counted).toBe(1);
  release?.();
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect((await progress.health()).detail).toMatch(/^4 of 10 messages \(40\.0 %\)/);

  // Stale: the last count is the answer while the next one runs.
  clock += PROGRESS_FRESH_MS;
  expect((await progress.health()).detail).toMatch(/^4 of 10 messages/);
  expect(counted).toBe(2);
  release?.();
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(await progress.health()).toEqual({ status: 'ok', detail: 'Every message (10) has a vector of test:slow.' });
});
