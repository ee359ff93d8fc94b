// The admin console's API: 403 for everyone but staff on every route (admins only for coins and roles), the queue
// and an item with its context, hiding a reported character (gone from the feed and search, its owner and the
// reporter told, restore brings it back), tickets answered as Reverie Support, removal requests settled by mail,
// and the audit log, which nothing can change.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminEndpoints,
  buildPath,
  type AuditPage,
  type Endpoint,
  type NotificationsPage,
  type QueueItemDetail,
  type QueuePage,
} from '@reverie/shared';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { buildCharacter, buildUser, type BuiltUser } from '../../../test/factories.ts';
import { adminCall, buildStaff } from '../../../test/staff.ts';
import { assertVisibilityChangeAllowed } from '../characters/moderation-hold.ts';
import { ADMIN_LIMITS } from './staff.ts';

let t: TestApp;
let admin: BuiltUser;
let moderator: BuiltUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await buildStaff(t, 'admin');
  moderator = await buildStaff(t, 'moderator');
});
afterAll(() => t.close());

const ID = '00000000-0000-4000-8000-000000000001';
const reason = 'Checked against the guidelines';
/** A valid request for every admin endpoint (validation runs before the role check). */
const samples: Record<keyof typeof adminEndpoints, { body?: object; params?: Record<string, string>; headers?: Record<string, string> }> = {
  queue: {},
  queueItem: { params: { id: ID } },
  resolveItem: { params: { id: ID }, body: { resolution: 'resolved', reason } },
  contentAction: { params: { subjectType: 'character', subjectId: ID }, body: { action: 'hide', reason } },
  users: {},
  user: { params: { id: ID } },
  userAction: { params: { id: ID }, body: { action: 'warn', reason } },
  adjustCoins: { params: { id: ID }, body: { delta: 5, reason }, headers: { 'idempotency-key': 'k-1' } },
  setRole: { params: { id: ID }, body: { role: 'moderator', reason } },
  characterPremium: { params: { id: ID }, body: { premium: true, reason } },
  replyTicket: { params: { id: ID }, body: { message: 'Hello there' } },
  ticketStatus: { params: { id: ID }, body: { status: 'closed', reason } },
  resolveRemoval: { params: { id: ID }, body: { outcome: 'rejected', reason } },
  crisisReport: {},
  audit: {},
};
const callEndpoint = (name: keyof typeof adminEndpoints, u: BuiltUser | null) => {
  const e = adminEndpoints[name] as Endpoint;
  const s = samples[name];
  return adminCall(t, u, e.method as 'GET', buildPath(e, s.params), s.body, s.headers);
};
const notes = async (u: BuiltUser): Promise<NotificationsPage> => {
  await t.deps.background.drain();
  return (await t.app.inject({ url: '/api/notifications', headers: u.auth })).json();
};

describe('who may use the console', () => {
  it('answers 401 without a session and 403 to a plain user on every admin route', async () => {
    const user = await buildUser(t);
    for (const name of Object.keys(adminEndpoints) as Array<keyof typeof adminEndpoints>) {
      expect((await callEndpoint(name, null)).statusCode, name).toBe(401);
      const res = await callEndpoint(name, user);
      expect(res.statusCode, name).toBe(403);
      expect(res.json().message, name).toBe('This area is for moderators and administrators.');
    }
  });

  it('lets moderators in, except for coins, roles, premium characters and the crisis report (admins only)', async () => {
    for (const name of ['adjustCoins', 'setRole', 'characterPremium', 'crisisReport'] as const) {
      const res = await callEndpoint(name, moderator);
      expect(res.statusCode, name).toBe(403);
      expect(res.json().message).toBe('Only administrators can do this.');
    }
    expect((await callEndpoint('queue', moderator)).statusCode).toBe(200);
    expect((await callEndpoint('audit', moderator)).statusCode).toBe(200);
  });

  it('is rate-limited per staff member', async () => {
    const busy = await buildStaff(t, 'moderator');
    let status = 200;
    for (let i = 0; i <= ADMIN_LIMITS.staff.limit && status === 200; i++)
      status = (await adminCall(t, busy, 'GET', '/api/admin/audit?limit=1')).statusCode;
    expect(status).toBe(429);
  });
});

describe('a reported character, hidden and restored', () => {
  it('goes from the queue to hidden: gone from the feed and search, owner and reporter told, audited', async () => {
    const [creator, reporter] = [await buildUser(t), await buildUser(t)];
    const c = await buildCharacter(t, creator, { name: 'Quorra Vantablack', description: 'A rule-breaking description.' });
    const reported = await t.app.inject({
      method: 'POST',
      url: '/api/reports',
      headers: reporter.auth,
      payload: { subjectType: 'character', subjectId: c.id, reason: 'non_consensual', note: 'See the scenario.' },
    });
    expect(reported.statusCode).toBe(201);

    const queue = (await adminCall(t, moderator, 'GET', '/api/admin/queue?kind=report')).json() as QueuePage;
    const item = queue.items.find((i) => i.subject?.id === c.id)!;
    expect(item).toMatchObject({
      priority: 'high',
      status: 'open',
      owner: { id: creator.user.id },
      subject: { label: 'Quorra Vantablack' },
    });
    expect(queue.openCounts.report).toBeGreaterThanOrEqual(1);

    const detail = (await adminCall(t, moderator, 'GET', `/api/admin/queue/${item.id}`)).json() as QueueItemDetail;
    expect(detail.report).toMatchObject({ reason: 'non_consensual', note: 'See the scenario.', reporter: { id: reporter.user.id } });
    expect(detail.context).toMatchObject({
      missing: false,
      excerpt: expect.stringContaining('A rule-breaking description.'),
      moderation: { hidden: false },
    });
    expect(detail.context!.facts).toContainEqual({ label: 'Visibility', value: 'public' });
    expect(detail.ownerAccount).toMatchObject({ id: creator.user.id, username: creator.user.username, warnings: 0 });

    const hide = await adminCall(t, moderator, 'POST', `/api/admin/content/character/${c.id}/actions`, {
      action: 'hide',
      reason: 'Non-consensual scenario',
    });
    expect(hide.statusCode).toBe(200);
    expect(hide.json().message).toBe('Quorra Vantablack is hidden.');
    expect(
      (await adminCall(t, moderator, 'POST', `/api/admin/content/character/${c.id}/actions`, { action: 'hide', reason })).statusCode,
    ).toBe(409);

    // Gone from lists and search for everyone; its owner still sees it, marked hidden.
    const feed = (await t.app.inject({ url: '/api/characters?sort=new&limit=50' })).json();
    expect(feed.items.map((i: { id: string }) => i.id)).not.toContain(c.id);
    const found = (await t.app.inject({ url: '/api/search?q=Quorra%20Vantablack' })).json();
    expect(found.characters.total).toBe(0);
    expect((await t.app.inject({ url: `/api/characters/${c.id}`, headers: reporter.auth })).statusCode).toBe(404);
    const own = (await t.app.inject({ url: `/api/characters/${c.id}`, headers: creator.auth })).json();
    expect(own).toMatchObject({ visibility: 'private', moderationHidden: true });
    const held = (await t.deps.uow.repos.characters.findById(c.id))!;
    expect(() => assertVisibilityChangeAllowed(held, 'public')).toThrow(/Moderators hid this character/);

    expect((await notes(creator)).items[0]).toMatchObject({
      kind: 'moderation',
      title: 'Moderators hid Quorra Vantablack',
      body: 'Reason: Non-consensual scenario. It stays private until they restore it.',
    });
    expect((await notes(reporter)).items[0]).toMatchObject({ kind: 'report_update', body: 'Thank you. We took action.' });
    expect(((await adminCall(t, moderator, 'GET', `/api/admin/queue/${item.id}`)).json() as QueueItemDetail).status).toBe('resolved');

    const restore = await adminCall(t, moderator, 'POST', `/api/admin/content/character/${c.id}/actions`, {
      action: 'restore',
      reason: 'Edited by the creator',
    });
    expect(restore.statusCode).toBe(200);
    const back = (await t.app.inject({ url: `/api/characters/${c.id}`, headers: reporter.auth })).json();
    expect(back.visibility).toBe('public');
    expect(back.moderationHidden).toBeUndefined();
    const released = (await t.deps.uow.repos.characters.findById(c.id))!;
    expect(() => assertVisibilityChangeAllowed(released, 'public')).not.toThrow();

    const audit = (await adminCall(t, admin, 'GET', `/api/admin/audit?targetId=${c.id}`)).json() as AuditPage;
    expect(audit.items.map((e) => [e.action, e.actor?.username, e.reason])).toEqual([
      ['content.restore', moderator.user.username, 'Edited by the creator'],
      ['content.hide', moderator.user.username, 'Non-consensual scenario'],
    ]);
  });

  it('removes a character (gone for its owner too) and restores it', async () => {
    const creator = await buildUser(t);
    const c = await buildCharacter(t, creator, { name: 'Removable' });
    expect(
      (await adminCall(t, admin, 'POST', `/api/admin/content/character/${c.id}/actions`, { action: 'remove', reason })).statusCode,
    ).toBe(200);
    expect((await t.app.inject({ url: `/api/characters/${c.id}`, headers: creator.auth })).statusCode).toBe(404);
    expect((await notes(creator)).items[0]!.title).toBe('Moderators removed Removable');
    expect(
      (await adminCall(t, admin, 'POST', `/api/admin/content/character/${c.id}/actions`, { action: 'restore', reason })).statusCode,
    ).toBe(200);
    expect((await t.app.inject({ url: `/api/characters/${c.id}` })).statusCode).toBe(200);
    expect((await adminCall(t, admin, 'POST', `/api/admin/content/character/${ID}/actions`, { action: 'hide', reason })).statusCode).toBe(
      404,
    );
    expect(
      (await adminCall(t, admin, 'POST', `/api/admin/content/character/${c.id}/actions`, { action: 'hide', reason: 'x' })).statusCode,
    ).toBe(400);
  });
});

describe('premium characters (a platform decision)', () => {
  it('admins mark a character premium and back (audited); chatting with it then needs a membership', async () => {
    const [creator, fan] = [await buildUser(t), await buildUser(t)];
    const c = await buildCharacter(t, creator, { name: 'Selene Vire' });
    const set = (u: BuiltUser, premium: boolean, why = 'Featured premium story') =>
      adminCall(t, u, 'PUT', `/api/admin/characters/${c.id}/premium`, { premium, reason: why });

    // Creators cannot set it: the field is not part of what they send.
    const sneaky = await t.app.inject({ method: 'PUT', url: `/api/characters/${c.id}`, headers: creator.auth, payload: { premium: true } });
    expect(sneaky.statusCode).toBe(200);
    expect(sneaky.json().premium).toBe(false);
    expect((await set(moderator, true)).statusCode).toBe(403);

    const on = await set(admin, true);
    expect(on.statusCode).toBe(200);
    expect(on.json().message).toBe('Selene Vire is premium now: chatting with it needs a membership with premium characters.');
    expect((await t.app.inject({ url: `/api/characters/${c.id}` })).json().premium).toBe(true);
    expect((await set(admin, true)).statusCode).toBe(409);

    // The chat module enforces it: a free member gets 403 MEMBERSHIP_REQUIRED, its creator chats as before.
    const locked = await t.app.inject({ url: `/api/chat/${c.id}`, headers: fan.auth });
    expect(locked.statusCode).toBe(403);
    expect(locked.json().error.code).toBe('MEMBERSHIP_REQUIRED');
    expect((await t.app.inject({ url: `/api/chat/${c.id}`, headers: creator.auth })).statusCode).toBe(200);

    // The console shows it on the character's context.
    expect(await t.modules.moderation.services.subjects.get('character').context(c.id)).toMatchObject({ premium: true });

    expect((await set(admin, false, 'Back to everyone')).json().message).toBe(
      'Selene Vire is not premium any more: every member can chat with it.',
    );
    expect((await t.app.inject({ url: `/api/chat/${c.id}`, headers: fan.auth })).statusCode).toBe(200);
    const audit = (await adminCall(t, admin, 'GET', `/api/admin/audit?targetId=${c.id}`)).json() as AuditPage;
    expect(audit.items.map((e) => [e.action, e.reason, e.details])).toEqual([
      ['character.premium', 'Back to everyone', { from: true, to: false }],
      ['character.premium', 'Featured premium story', { from: false, to: true }],
    ]);
    expect((await adminCall(t, admin, 'PUT', `/api/admin/characters/${ID}/premium`, { premium: true, reason })).statusCode).toBe(404);
  });
});

describe('tickets and removal requests from the console', () => {
  it('answers a ticket as Reverie Support: the user is notified and the queue item settles', async () => {
    const u = await buildUser(t);
    const ticket = (
      await t.app.inject({
        method: 'POST',
        url: '/api/support/tickets',
        headers: u.auth,
        payload: { subject: 'Cannot upload', category: 'technical', message: 'The avatar upload fails.' },
      })
    ).json();
    const item = await t.deps.uow.repos.moderation.itemByRef('ticket', ticket.id);
    const detail = (await adminCall(t, moderator, 'GET', `/api/admin/queue/${item!.id}`)).json() as QueueItemDetail;
    expect(detail.ticket?.messages[0]?.body).toBe('The avatar upload fails.');

    const reply = await adminCall(t, moderator, 'POST', `/api/admin/tickets/${ticket.id}/replies`, {
      message: 'Try a smaller PNG, under 5 MB.',
    });
    expect(reply.statusCode).toBe(201);
    expect(reply.json()).toMatchObject({ status: 'waiting', lastReplyBy: 'staff' });
    expect((await notes(u)).items[0]).toMatchObject({
      kind: 'ticket_reply',
      title: 'Support replied to “Cannot upload”',
      link: `/support/${ticket.id}`,
    });
    expect((await t.deps.uow.repos.moderation.itemByRef('ticket', ticket.id))!.status).toBe('resolved');

    const status = await adminCall(t, moderator, 'PUT', `/api/admin/tickets/${ticket.id}/status`, { status: 'resolved', reason: 'Fixed' });
    expect(status.json().status).toBe('resolved');
    const resolveGeneric = await adminCall(t, moderator, 'POST', `/api/admin/queue/${item!.id}/resolve`, {
      resolution: 'resolved',
      reason,
    });
    expect(resolveGeneric.statusCode).toBe(409);
  });

  it('settles a removal request only once the content is gone, and mails the requester', async () => {
    const creator = await buildUser(t);
    const c = await buildCharacter(t, creator, { name: 'Copied Art' });
    const filed = await t.app.inject({
      method: 'POST',
      url: '/api/content-removal/request',
      remoteAddress: '10.77.0.1',
      payload: {
        subjectUrl: `${t.config.publicUrl}/characters/${c.id}`,
        reason: 'other',
        contactEmail: 'owner@example.org',
        details: 'This character copies my published story word for word.',
      },
    });
    const item = (await t.deps.uow.repos.moderation.openItemsForSubject('character', c.id))[0]!;
    const request = (await adminCall(t, moderator, 'GET', `/api/admin/queue/${item.id}`)).json() as QueueItemDetail;
    expect(request.removalRequest).toMatchObject({ id: item.refId, reference: filed.json().reference, contactEmail: 'owner@example.org' });

    const early = await adminCall(t, moderator, 'POST', `/api/admin/removal-requests/${item.refId ?? item.id}/resolve`, {
      outcome: 'removed',
      reason,
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('Hide or remove Copied Art first: the requester will be told it was removed.');
    await adminCall(t, moderator, 'POST', `/api/admin/content/character/${c.id}/actions`, { action: 'remove', reason: 'Copied story' });
    const done = await adminCall(t, moderator, 'POST', `/api/admin/removal-requests/${item.refId}/resolve`, {
      outcome: 'removed',
      reason: 'It copied the story.',
    });
    expect(done.statusCode).toBe(200);
    const mail = (await t.deps.uow.repos.mailOutbox.latestTo('owner@example.org'))!;
    expect(mail.subject).toBe(`Reverie: your removal request ${filed.json().reference} was reviewed`);
    expect(mail.text).toContain('We removed the content you reported.');
    expect(
      (await adminCall(t, moderator, 'POST', `/api/admin/removal-requests/${item.refId}/resolve`, { outcome: 'rejected', reason }))
        .statusCode,
    ).toBe(409);
  });
});

describe('the audit log', () => {
  it('records who, what, when and why (the table itself refuses changes: db/audit-log.test.ts)', async () => {
    const target = await buildUser(t);
    const warn = await adminCall(t, moderator, 'POST', `/api/admin/users/${target.user.id}/actions`, {
      action: 'warn',
      reason: 'Spam in the bio',
    });
    expect(warn.statusCode).toBe(200);
    const page = (await adminCall(t, moderator, 'GET', `/api/admin/audit?targetId=${target.user.id}`)).json() as AuditPage;
    const entry = page.items[0]!;
    expect(entry).toMatchObject({
      action: 'user.warn',
      actor: { id: moderator.user.id },
      actorRole: 'moderator',
      targetLabel: `@${target.user.username}`,
      reason: 'Spam in the bio',
    });
    expect(Date.now() - new Date(entry.createdAt).getTime()).toBeLessThan(60_000);
    expect((await notes(target)).items[0]).toMatchObject({ kind: 'moderation', title: 'A warning from the moderators' });

    const again = (await adminCall(t, moderator, 'GET', `/api/admin/audit?targetId=${target.user.id}`)).json() as AuditPage;
    expect(again.items[0]).toMatchObject({ id: entry.id, reason: 'Spam in the bio' });
    expect('delete' in t.deps.uow.repos.audit || 'update' in t.deps.uow.repos.audit).toBe(false);
  });
});
