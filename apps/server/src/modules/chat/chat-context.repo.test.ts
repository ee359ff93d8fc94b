// The first read of every message (ChatContextRepo.context): the character comes back whole, as chat uses it, and
// as an object V8 keeps in fast mode (not a 1.6 KB dictionary), since a streaming reply keeps it to its end (docs/performance.md).
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
