// The first read of every message (ChatContextRepo.context): the character comes back whole, as chat uses it, and
// as an object V8 keeps in fast mode (not a 1.6 KB dictionary), since a streaming reply keeps it to its end (docs/performance.md);
// recall's search by words made in the same statement finds what its own statement finds.
import v8 from 'node:v8';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { buildCharacter, buildUser } from '../../../test/factories.ts';

v8.setFlagsFromString('--allow-natives-syntax');
const fastMode = new Function('o', 'return %HasFastProperties(o)') as (o: object) => boolean;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('reads the character with its creator, every column but the search index, as a fast object', async () => {
  const owner = await buildUser(t);
  const row = await buildCharacter(t, owner, { systemPrompt: 'Stay in character.', tags: ['female', 'sfw'] });
  const ctx = await t.deps.uow.repos.chatContext.context({ userId: owner.user.id, characterId: row.id, limit: 4 });
  const character = ctx!.character;
  // As the characters' own read has it (Drizzle's mapping), but the search index.
  const { searchVector, ...expected } = (await t.deps.uow.repos.characters.findById(row.id))!;
  void searchVector;
  expect(character).toEqual(expected);
  expect(character.creatorUsername).toBe(owner.user.username);
  expect(character.createdAt).toBeInstanceOf(Date);
  expect('searchVector' in character).toBe(false);
  // From the first read on, and once the read's code is warm.
  expect(fastMode(character)).toBe(true);
  const read = () => t.deps.uow.repos.chatContext.context({ userId: owner.user.id, characterId: row.id, limit: 4 });
  for (let i = 0; i < 10; i++) await read();
  expect(fastMode((await read())!.character)).toBe(true);
});

it("searches recall's words beside the read: what the search of its own finds outside the newest read, best first", async () => {
  const owner = await buildUser(t);
  const character = await buildCharacter(t, owner);
  const chat = t.deps.uow.repos.chat;
  const conversation = await chat.createConversation(owner.user.id, character.id);
  const lines = [
    'The lantern by the door is brass.',
    'We walked to the harbour.',
    'A blocked line about the lantern.',
    'The lantern went out, lantern smoke everywhere.',
    'Nothing to see here.',
    'Bring the lantern tomorrow.', // in the newest four: never a hit
    'Fine weather.',
    'The lantern again.',
    'Goodnight.',
  ];
  for (const [i, content] of lines.entries()) {
    const status = content.startsWith('A blocked') ? 'blocked' : 'complete';
    await chat.insertMessage({ conversationId: conversation.id, role: i % 2 ? 'assistant' : 'user', content, status });
  }
  const read = (recallQuery: string | null) =>
    t.deps.uow.repos.chatContext.context({ userId: owner.user.id, characterId: character.id, limit: 4, recallQuery });
  const ctx = (await read('lantern | smoke'))!;
  const alone = await t.deps.uow.repos.memory.wordHits(
    conversation.id,
    'lantern | smoke',
    ctx.newest.map((m) => m.id),
    20,
  );
  expect(ctx.newest.map((m) => m.content)).toEqual(lines.slice(-4).reverse());
  expect(ctx.wordHits).toEqual(alone);
  // The line with both words first; the blocked one and those in the newest four never.
  expect(ctx.wordHits.map((h) => h.content)).toEqual([lines[3], lines[0]]);
  expect(ctx.wordHits[0]).toMatchObject({ role: 'assistant', createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/) });
  expect((await read(null))!.wordHits).toEqual([]);
});
