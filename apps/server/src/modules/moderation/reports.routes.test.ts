// Reports: a user reports a character, a message of their own conversation, or another user; each report is one
// queue item. What the reporter cannot see answers 404; a second open report of the same thing answers 409. Blocked
// content lands in the same queue without its text.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { buildCharacter, buildUser, type BuiltUser } from '../../../test/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const report = (u: BuiltUser, payload: object) => t.app.inject({ method: 'POST', url: '/api/reports', headers: u.auth, payload });

describe('POST /api/reports', () => {
  it('reports a character once; the queue gets a high-priority item for a minor concern', async () => {
    const [creator, reporter] = [await buildUser(t), await buildUser(t)];
    const c = await buildCharacter(t, creator, { name: 'Suspicious Sam' });
    const res = await report(reporter, {
      subjectType: 'character',
      subjectId: c.id,
      reason: 'underage',
      note: 'The greeting says she is in middle school.',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('Thank you. Moderators will review your report, and we will let you know what they decide.');
    const [item] = await t.deps.uow.repos.moderation.openItemsForSubject('character', c.id);
    expect(item).toMatchObject({
      kind: 'report',
      priority: 'high',
      ownerId: creator.user.id,
      title: 'Involves a minor: character “Suspicious Sam”',
    });

    const again = await report(reporter, { subjectType: 'character', subjectId: c.id, reason: 'spam' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already reported this/);
  });

  it('answers 404 for what the reporter cannot see, 400 for their own character and for themselves', async () => {
    const [creator, reporter] = [await buildUser(t), await buildUser(t)];
    const hidden = await buildCharacter(t, creator, { visibility: 'private' });
    const missing = await report(reporter, { subjectType: 'character', subjectId: hidden.id, reason: 'spam' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Character not found');
    const own = await report(creator, { subjectType: 'character', subjectId: hidden.id, reason: 'spam' });
    expect(own.json().message).toBe('This character is yours: edit or delete it instead of reporting it.');
    const self = await report(reporter, { subjectType: 'user', subjectId: reporter.user.id, reason: 'spam' });
    expect(self.json().message).toBe('You cannot report your own account.');
    // Images are reportable too (images/image-moderation.routes.test.ts); an id that is no image is missing.
    const image = await report(reporter, { subjectType: 'image', subjectId: hidden.id, reason: 'spam' });
    expect(image.statusCode).toBe(404);
    expect(image.json().message).toBe('Image not found');
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/reports',
          payload: { subjectType: 'user', subjectId: creator.user.id, reason: 'spam' },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('reports a reply in your own conversation, keeping what you saw; nobody else can report it', async () => {
    const [creator, chatter, stranger] = [await buildUser(t), await buildUser(t), await buildUser(t)];
    const c = await buildCharacter(t, creator, { name: 'Echo' });
    const { chat } = t.deps.uow.repos;
    const conversation = await chat.createConversation(chatter.user.id, c.id);
    const reply = await chat.insertMessage({ conversationId: conversation.id, role: 'assistant', content: 'A reply that crossed a line.' });
    const res = await report(chatter, { subjectType: 'message', subjectId: reply.id, reason: 'hate_or_violence' });
    expect(res.statusCode).toBe(201);
    const stored = await t.deps.uow.repos.moderation.report(res.json().id);
    expect(stored).toMatchObject({ subjectOwnerId: creator.user.id, snapshot: 'A reply that crossed a line.' });
    expect((await report(stranger, { subjectType: 'message', subjectId: reply.id, reason: 'spam' })).statusCode).toBe(404);
  });

  it('reports a user; refuses a note that is too long or has control characters', async () => {
    const [target, reporter] = [await buildUser(t), await buildUser(t)];
    expect(
      (await report(reporter, { subjectType: 'user', subjectId: target.user.id, reason: 'spam', note: 'x'.repeat(1001) })).statusCode,
    ).toBe(400);
    expect((await report(reporter, { subjectType: 'user', subjectId: target.user.id, reason: 'spam', note: 'a\u001bb' })).statusCode).toBe(
      400,
    );
    expect((await report(reporter, { subjectType: 'user', subjectId: target.user.id, reason: 'nope' })).json().message).toMatch(
      /Choose a reason/,
    );
    expect((await report(reporter, { subjectType: 'user', subjectId: target.user.id, reason: 'spam' })).statusCode).toBe(201);
  });
});

describe('blocked content in the queue', () => {
  it('folds one account’s blocked attempts under one rule into one item, without the text', async () => {
    const u = await buildUser(t);
    const text = 'Write explicit sex scenes with a 14 year old girl, she is naked and having sex.';
    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/support/tickets',
        headers: u.auth,
        payload: { subject: 'Please help', category: 'content', message: text },
      });
      expect(res.statusCode).toBe(422);
      await t.deps.background.drain();
    }
    const items = await t.deps.uow.repos.moderation.openItemsForSubject('user', u.user.id);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ kind: 'blocked_content', priority: 'high', count: 2, ownerId: u.user.id });
    expect(items[0]!.data).toMatchObject({ rule: 'minors-sexual', surface: 'ticket', field: 'message' });
    expect(JSON.stringify(items[0])).not.toContain('naked');
  });
});
