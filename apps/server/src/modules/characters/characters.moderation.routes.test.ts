// The blocked-content policy's examples, sent through every door a character's text comes in by: create, update
// and import. Blocked → 422 CONTENT_BLOCKED naming rule and field, nothing stored; allowed → stored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CharacterProfile } from '@reverie/shared';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { jsonBytes, V2_CARD } from '../../lib/character-card/test/fixtures.ts';
import { ALLOWED_EXAMPLES } from '../../../test/moderation-examples.allowed.ts';
import { BLOCKED_EXAMPLES } from '../../../test/moderation-examples.blocked.ts';
import { createCharacter, created, importCard, ownCount, quickUser, type Caller } from './test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// Support tickets have a narrower policy (people must be able to report content), and a deepfake request without
// sexual words is refused only as an image prompt: neither applies to a character.
const blocked = BLOCKED_EXAMPLES.filter(
  (e) => e.surface !== 'ticket' && !(e.surface === 'image-prompt' && e.text === 'deepfake of the girl from my office'),
);
const allowed = ALLOWED_EXAMPLES.filter((e) => e.surface !== 'ticket');

/** The character field an example goes into: its own when a character has it, else the description. */
const BODY_FIELDS = new Set(['description', 'personality', 'scenario', 'creatorNotes']);
const fieldOf = (example: { field: string }) => (BODY_FIELDS.has(example.field) ? example.field : 'description');
const CARD_KEYS: Record<string, string> = {
  description: 'description',
  personality: 'personality',
  scenario: 'scenario',
  creatorNotes: 'creator_notes',
};
const ratingOf = (example: { nsfw?: boolean }) => (example.nsfw ? 'nsfw' : 'sfw');

/** Callers handed out in turn, so the per-user rate limits of a real person never trip this many requests. */
function callers(perCaller: number) {
  let current: Caller | undefined;
  let used = 0;
  return async () => {
    if (!current || used >= perCaller) {
      current = await quickUser(t);
      used = 0;
    }
    used += 1;
    return current;
  };
}

describe('blocked-content policy on character routes', () => {
  it('has enough examples to mean something', () => {
    expect(blocked.length).toBeGreaterThanOrEqual(80);
    expect(allowed.length).toBeGreaterThanOrEqual(60);
  });

  it('create: refuses every blocked example with the rule and the field, storing nothing', async () => {
    const next = callers(50);
    for (const e of blocked) {
      const who = await next();
      const before = await ownCount(t, who);
      const res = await createCharacter(t, who, { [fieldOf(e)]: e.text, tags: ['female', 'fantasy', ratingOf(e)] });
      expect(res.statusCode, e.text).toBe(422);
      const body = res.json();
      expect(body.error, e.text).toMatchObject({ code: 'CONTENT_BLOCKED', details: { rule: e.rule, field: fieldOf(e) } });
      expect(body.message).toContain(`(rule: ${e.rule})`);
      expect(body.message).not.toContain(e.text);
      expect(await ownCount(t, who)).toBe(before);
    }
  });

  it('create: stores every allowed example', async () => {
    const next = callers(50);
    for (const e of allowed) {
      const res = await createCharacter(t, await next(), { [fieldOf(e)]: e.text, tags: ['female', 'fantasy', ratingOf(e)] });
      expect(res.statusCode, `${e.text} → ${res.body}`).toBe(201);
    }
  });

  it('update: refuses every blocked example and keeps the character as it was; stores every allowed one', async () => {
    const next = callers(200);
    const bases = new Map<string, CharacterProfile>();
    const baseOf = async (who: Caller, rating: string) => {
      const key = `${who.user.id}:${rating}`;
      if (!bases.has(key)) bases.set(key, await created(t, who, { tags: ['female', 'fantasy', rating] }));
      return bases.get(key)!;
    };
    for (const e of blocked) {
      const who = await next();
      const base = await baseOf(who, ratingOf(e));
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/characters/${base.id}`,
        headers: who.auth,
        payload: { [fieldOf(e)]: e.text },
      });
      expect(res.statusCode, e.text).toBe(422);
      expect(res.json().error.details, e.text).toMatchObject({ rule: e.rule, field: fieldOf(e) });
      const now = (await t.app.inject({ url: `/api/characters/${base.id}`, headers: who.auth })).json() as CharacterProfile;
      expect(now.description).toBe(base.description);
      expect(now.updatedAt).toBe(base.updatedAt);
    }
    for (const e of allowed) {
      const who = await next();
      const base = await baseOf(who, ratingOf(e));
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/characters/${base.id}`,
        headers: who.auth,
        payload: { [fieldOf(e)]: e.text },
      });
      expect(res.statusCode, `${e.text} → ${res.body}`).toBe(200);
    }
  });

  it('update: switching a character to NSFW checks its existing text as explicit content', async () => {
    const who = await quickUser(t);
    // Allowed while the character is not explicit, refused once it is.
    const text = 'A shy sixteen-year-old who is curious about her body.';
    const c = await created(t, who, { description: text });
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/characters/${c.id}`,
      headers: who.auth,
      payload: { tags: ['female', 'fantasy', 'nsfw'] },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.details).toMatchObject({ rule: 'minors-sexual', field: 'description' });
    expect((await t.app.inject({ url: `/api/characters/${c.id}`, headers: who.auth })).json().nsfw).toBe(false);
  });

  it('import: refuses every blocked example wherever it sits in the card, creating nothing; imports every allowed one', async () => {
    const next = callers(25);
    const card = (field: string, text: string, rating: string) =>
      jsonBytes({ ...V2_CARD, data: { ...V2_CARD.data, character_book: undefined, tags: [rating], [CARD_KEYS[field]!]: text } });
    for (const e of blocked) {
      const who = await next();
      const res = await importCard(t, who, 'card.json', card(fieldOf(e), e.text, ratingOf(e)));
      expect(res.statusCode, e.text).toBe(422);
      expect(res.json().error, e.text).toMatchObject({ code: 'CONTENT_BLOCKED', details: { rule: e.rule, field: fieldOf(e) } });
      expect(await ownCount(t, who)).toBe(0);
    }
    for (const e of allowed) {
      const res = await importCard(t, await next(), 'card.json', card(fieldOf(e), e.text, ratingOf(e)));
      expect(res.statusCode, `${e.text} → ${res.body}`).toBe(201);
    }
  });

  it('import: a blocked lorebook entry names the entry', async () => {
    const who = await quickUser(t);
    const book = {
      ...V2_CARD.data.character_book,
      entries: [{ ...V2_CARD.data.character_book.entries[1], content: 'She is 14 and they have sex.' }],
    };
    const res = await importCard(
      t,
      who,
      'card.json',
      jsonBytes({ ...V2_CARD, data: { ...V2_CARD.data, character_book: book } }),
      'application/json',
      {
        rating: 'nsfw',
      },
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().error.details).toMatchObject({ rule: 'minors-sexual', field: 'characterBook.entries[0].content' });
    expect(res.json().message).toBe(
      'The lorebook entry 1 was blocked by our policy on sexual content involving minors (rule: minors-sexual).',
    );
    expect(await ownCount(t, who)).toBe(0);
  });
});
