// A lone UTF-16 surrogate ("\ud800") is not text: PostgreSQL refuses it inside jsonb, so it used to answer 500 from
// the review queue, alternate greetings, card extensions and lorebooks, and chat swipes. Every boundary that takes
// text refuses it with a 400 that says what is wrong (#47.8). Runs on PGlite and, with DATABASE_URL, on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { jsonBytes, V3_CARD } from '../../lib/character-card/test/fixtures.ts';
import { createCharacter, created, importCard, multipart, quickUser } from './test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const LONE = 'broken \ud800 text';
const v3 = V3_CARD as { data: Record<string, unknown> };

describe('a lone surrogate is refused with 400 wherever text comes in', () => {
  it('in an alternate greeting (JSON body of the character form)', async () => {
    const who = await quickUser(t);
    const res = await createCharacter(t, who, { alternateGreetings: ['Hello.', LONE] });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.message).toMatch(/broken character/i);
  });

  it('in a review request', async () => {
    const who = await quickUser(t);
    const own = await created(t, who);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/moderation/review-requests',
      headers: who.auth,
      payload: { surface: 'character', characterId: own.id, problems: [{ field: 'description', rule: 'x', span: LONE }] },
    });
    expect(res.statusCode, res.body).toBe(400);
  });

  it.each([
    ['extensions', { extensions: { ...(v3.data.extensions as object), depth_prompt: { prompt: LONE } } }],
    ['a key of extensions', { extensions: { ['key\udfff']: 1 } }],
    ['the lorebook', { character_book: { entries: [{ keys: ['gate'], content: LONE, enabled: true, insertion_order: 0 }] } }],
    ['an alternate greeting', { alternate_greetings: [LONE] }],
  ])('in a card file: %s', async (_what, over) => {
    const who = await quickUser(t);
    const card = { ...V3_CARD, data: { ...v3.data, ...over } };
    const res = await importCard(t, who, 'card.json', jsonBytes(card), 'application/json', { rating: 'sfw' });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.message).toMatch(/broken character/i);
  });

  it('in a SillyTavern chat (swipes are stored as jsonb)', async () => {
    const who = await quickUser(t);
    const own = await created(t, who);
    const lines = [
      { user_name: 'Juno', character_name: 'Mara', create_date: '2024-6-1@10h05m09s', chat_metadata: {} },
      { name: 'Mara', is_user: false, send_date: 'June 1, 2024 10:05am', mes: 'Hi.', swipes: ['Hi.', LONE], swipe_id: 0 },
    ];
    const mp = multipart('file', 'chat.jsonl', 'application/jsonl', Buffer.from(lines.map((l) => JSON.stringify(l)).join('\n')));
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/characters/${own.id}/import-chat`,
      headers: { ...who.auth, ...mp.headers },
      payload: mp.payload,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.message).toMatch(/broken character/i);
  });
});
