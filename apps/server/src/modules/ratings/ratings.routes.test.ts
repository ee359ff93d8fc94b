// Ratings over HTTP: only after chatting, never your own, 1–5, one per user and changeable; the average and count
// come from the rows; "Top rated" orders by the Bayesian average.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CharacterPage, RatingResponse } from '@reverie/shared';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { buildCharacter, buildUser, type BuiltUser } from '../../../test/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const rate = (u: BuiltUser, id: string, stars: unknown) =>
  t.app.inject({ method: 'PUT', url: `/api/characters/${id}/rating`, headers: u.auth, payload: { stars } });
const rating = async (u: BuiltUser, id: string) =>
  (await t.app.inject({ url: `/api/characters/${id}/rating`, headers: u.auth })).json<RatingResponse>();

/** A conversation with one message from the user (no model needed). */
async function chatted(u: BuiltUser, characterId: string) {
  const { chat } = t.deps.uow.repos;
  const c = await chat.createConversation(u.user.id, characterId, ['Hello there.']);
  await chat.insertMessage({ conversationId: c.id, role: 'user', content: 'Hi!' });
}

describe('character ratings', () => {
  it('refuses someone who never chatted (403 with a sentence), and the creator', async () => {
    const owner = await buildUser(t);
    const c = await buildCharacter(t, owner);
    const stranger = await buildUser(t);
    const res = await rate(stranger, c.id, 5);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Chat with this character first: ratings come from people who have talked with it.');
    expect(await rating(stranger, c.id)).toMatchObject({ canRate: false, myRating: null, ratingCount: 0 });

    // Opening a conversation is not chatting: the greeting alone does not count.
    await t.deps.uow.repos.chat.createConversation(stranger.user.id, c.id, ['Hello there.']);
    expect((await rate(stranger, c.id, 5)).statusCode).toBe(403);

    await chatted(owner, c.id);
    const own = await rate(owner, c.id, 5);
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe('You cannot rate your own character.');
  });

  it('takes one changeable rating per user; the average and count come from the ratings', async () => {
    const owner = await buildUser(t);
    const c = await buildCharacter(t, owner);
    const [a, b] = [await buildUser(t), await buildUser(t)];
    await chatted(a, c.id);
    await chatted(b, c.id);

    expect((await rate(a, c.id, 4)).json()).toEqual({ rating: 4, ratingCount: 1, myRating: 4, canRate: true, reason: null });
    expect((await rate(b, c.id, 1)).json()).toMatchObject({ rating: 2.5, ratingCount: 2 });
    // Changing a rating replaces it.
    expect((await rate(a, c.id, 5)).json()).toMatchObject({ rating: 3, ratingCount: 2, myRating: 5 });
    expect(await rating(b, c.id)).toMatchObject({ rating: 3, ratingCount: 2, myRating: 1, canRate: true });

    const profile = (await t.app.inject({ url: `/api/characters/${c.id}` })).json();
    expect(profile).toMatchObject({ rating: 3, ratingCount: 2 });
  });

  it.each([[0], [6], [2.5], ['5']])('refuses stars=%j with 400', async (stars) => {
    const owner = await buildUser(t);
    const c = await buildCharacter(t, owner);
    const u = await buildUser(t);
    await chatted(u, c.id);
    const res = await rate(u, c.id, stars);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/stars/);
  });

  it("answers 404 for a private character of someone else's, and 401 without a session", async () => {
    const owner = await buildUser(t);
    const c = await buildCharacter(t, owner, { visibility: 'private' });
    const u = await buildUser(t);
    expect((await rate(u, c.id, 3)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'PUT', url: `/api/characters/${c.id}/rating`, payload: { stars: 3 } })).statusCode).toBe(401);
  });

  it('"Top rated" ranks by the Bayesian average: many good ratings beat one perfect one; unrated come last', async () => {
    const owner = await buildUser(t);
    const lone = await buildCharacter(t, owner, { name: 'Lone Five' });
    const loved = await buildCharacter(t, owner, { name: 'Loved Many' });
    const unrated = await buildCharacter(t, owner, { name: 'Not Rated' });
    const raters = await Promise.all(Array.from({ length: 6 }, () => buildUser(t)));
    await chatted(raters[0]!, lone.id);
    expect((await rate(raters[0]!, lone.id, 5)).statusCode).toBe(200);
    for (const [i, u] of raters.entries()) {
      await chatted(u, loved.id);
      await rate(u, loved.id, i === 0 ? 4 : 5); // average 4.83 over 6
    }
    const feed = (await t.app.inject({ url: '/api/characters?sort=top-rated&limit=50' })).json<CharacterPage>();
    const order = feed.items.map((i) => i.id);
    expect(order.indexOf(loved.id)).toBeLessThan(order.indexOf(lone.id));
    expect(order.indexOf(unrated.id) === -1 || order.indexOf(unrated.id) > order.indexOf(lone.id)).toBe(true);
    expect(feed.items.find((i) => i.id === lone.id)).toMatchObject({ rating: 5, ratingCount: 1 });
  });
});
