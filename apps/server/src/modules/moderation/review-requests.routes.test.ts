// "Ask for review" may only cite a refusal that was really made of the requester's own text (#47.13): the 422 names
// the kept refusal (details.refusalId), a review request cites it once, and invented refusals, someone else's
// refusal, problems the refusal did not list and another creator's character are refused with a sentence.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { createCharacter, created, quickUser } from '../characters/test/helpers.ts';
import { NOT_THESE_PROBLEMS, NOT_YOUR_REFUSAL } from './reports.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Who = Awaited<ReturnType<typeof quickUser>>;
const ask = (who: Who, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/moderation/review-requests', headers: who.auth, payload });

/** A card of the caller's refused by the policy: its 422's refusal id and problems (as the web sends them). */
async function refusedCard(who: Who) {
  const res = await createCharacter(t, who, {
    description: 'Anna is a 15-year-old exchange student.',
    scenario: 'You have sex with her in the dorm.',
    tags: ['female', 'fantasy', 'sfw'],
  });
  expect(res.statusCode).toBe(422);
  const details = res.json().error.details as { refusalId: string; problems: { field: string; rule: string; span: string }[] };
  expect(details.refusalId).toMatch(/^[0-9a-f-]{36}$/);
  return { refusalId: details.refusalId, problems: details.problems.map(({ field, rule, span }) => ({ field, rule, span })) };
}

/** A chat message of the caller's refused in a chat with someone else's public character. */
async function refusedMessage(who: Who, characterId: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/chat/${characterId}/message`,
    headers: who.auth,
    payload: { content: 'She is 14 and we have sex.' },
  });
  expect(res.statusCode, res.body).toBe(422);
  const details = res.json().error.details as { refusalId: string; problems: { field: string; rule: string; span: string }[] };
  return { refusalId: details.refusalId, problems: details.problems.map(({ field, rule, span }) => ({ field, rule, span })) };
}

describe('POST /api/moderation/review-requests', () => {
  it('puts a refused card of the caller in the queue with the refusal’s rules, the words and the note', async () => {
    const who = await quickUser(t);
    const { refusalId, problems } = await refusedCard(who);
    const res = await ask(who, { refusalId, surface: 'character', problems, note: 'She is an adult in my story.' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe('Thank you. A moderator will look at this and the reasons it was blocked.');

    const admin = await quickUser(t, 'admin');
    const queue = await t.app.inject({ url: '/api/admin/queue?kind=blocked_content', headers: admin.auth });
    const item = queue.json().items.find((i: { id: string }) => i.id === res.json().id);
    expect(item).toMatchObject({
      kind: 'blocked_content',
      priority: 'high',
      reviewRequested: true,
      note: 'She is an adult in my story.',
      problems: [
        { field: 'description', rule: 'stated-age-under-18', span: '15-year-old' },
        { field: 'scenario', rule: 'sexual-content', span: 'sex' },
      ],
      owner: { id: who.user.id },
    });
    // Once per refusal.
    const again = await ask(who, { refusalId, surface: 'character', problems });
    expect(again.statusCode).toBe(409);
  });

  it('names the chat’s character for a refused message, with the rules the refusal made', async () => {
    const [creator, who] = [await quickUser(t), await quickUser(t)];
    const character = await created(t, creator, { name: 'Captain Ro', visibility: 'public' });
    const { refusalId, problems } = await refusedMessage(who, character.id);
    const res = await ask(who, { refusalId, surface: 'chat-user', characterId: character.id, problems });
    expect(res.statusCode, res.body).toBe(201);
    const admin = await quickUser(t, 'admin');
    const queue = await t.app.inject({ url: '/api/admin/queue?kind=blocked_content', headers: admin.auth });
    const item = queue.json().items.find((i: { id: string }) => i.id === res.json().id);
    expect(item.title).toBe('Review asked: chat-user blocked (stated-age-under-18, sexual-content) — “Captain Ro”');
    expect(item.subject).toMatchObject({ type: 'character', id: character.id });
  });

  it('refuses an invented refusal and someone else’s with 422 and a sentence, and files nothing', async () => {
    const [who, other] = [await quickUser(t), await quickUser(t)];
    const problems = [{ field: 'description', rule: 'minors-sexual', span: 'anything' }];
    const invented = await ask(who, { refusalId: randomUUID(), surface: 'character', problems });
    expect(invented.statusCode).toBe(422);
    expect(invented.json().error.message).toBe(NOT_YOUR_REFUSAL);

    const theirs = await refusedCard(other);
    const stolen = await ask(who, { refusalId: theirs.refusalId, surface: 'character', problems: theirs.problems });
    expect(stolen.statusCode).toBe(422);
    expect(stolen.json().error.message).toBe(NOT_YOUR_REFUSAL);
    // The owner can still ask: the stolen attempt did not use up their refusal.
    expect((await ask(other, { refusalId: theirs.refusalId, surface: 'character', problems: theirs.problems })).statusCode).toBe(201);
  });

  it('refuses rules or words the refusal did not list, and another creator’s character named beside a card', async () => {
    const [who, creator] = [await quickUser(t), await quickUser(t)];
    const { refusalId, problems } = await refusedCard(who);
    const forged = await ask(who, {
      refusalId,
      surface: 'character',
      problems: [{ field: 'description', rule: 'minors-sexual', span: 'text never checked' }],
    });
    expect(forged.statusCode).toBe(422);
    expect(forged.json().error.message).toBe(NOT_THESE_PROBLEMS);

    const theirs = await created(t, creator, { visibility: 'public' });
    const misnamed = await ask(who, { refusalId, surface: 'character', characterId: theirs.id, problems });
    expect(misnamed.statusCode).toBe(422);
    expect(misnamed.json().error.message).toBe(NOT_YOUR_REFUSAL);
  });

  it('answers 400 without a refusal id or problems, and 401 signed out', async () => {
    const who = await quickUser(t);
    const missing = await ask(who, { surface: 'chat-user', problems: [{ field: 'message', rule: 'sexual-content', span: 'x' }] });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/refusalId/);
    const empty = await ask(who, { refusalId: randomUUID(), surface: 'chat-user', problems: [] });
    expect(empty.statusCode).toBe(400);
    const payload = { refusalId: randomUUID(), surface: 'chat-user', problems: [{ field: 'message', rule: 'sexual-content', span: 'x' }] };
    const res = await t.app.inject({ method: 'POST', url: '/api/moderation/review-requests', payload });
    expect(res.statusCode).toBe(401);
  });
});
