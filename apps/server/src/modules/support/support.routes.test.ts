// Support tickets (each user sees only their own; replies reopen; closed tickets take no reply) and content-removal
// requests (anyone, acknowledged by mail with a reference number, copyright needs the sworn statement, rate-limited).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TicketDetail, TicketsPage } from '@reverie/shared';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { buildCharacter, buildUser, type BuiltUser } from '../../../test/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const newTicket = {
  subject: 'My coins did not arrive',
  category: 'billing',
  message: 'I bought the Pouch an hour ago and my balance did not change.',
};

async function open(u: BuiltUser, body: object = newTicket) {
  return t.app.inject({ method: 'POST', url: '/api/support/tickets', headers: u.auth, payload: body });
}

describe('support tickets', () => {
  it('opens a ticket with its first message and lists it; the queue gets an item', async () => {
    const u = await buildUser(t);
    const res = await open(u);
    expect(res.statusCode).toBe(201);
    const ticket = res.json() as TicketDetail;
    expect(ticket).toMatchObject({ subject: newTicket.subject, category: 'billing', status: 'open', lastReplyBy: 'user', messageCount: 1 });
    expect(ticket.messages).toEqual([expect.objectContaining({ author: 'user', authorName: u.user.username, body: newTicket.message })]);

    const list = (await t.app.inject({ url: '/api/support/tickets', headers: u.auth })).json() as TicketsPage;
    expect(list.items.map((i) => i.id)).toEqual([ticket.id]);
    const item = await t.deps.uow.repos.moderation.itemByRef('ticket', ticket.id);
    expect(item).toMatchObject({ kind: 'ticket', status: 'open', title: `Ticket: ${newTicket.subject}`, ownerId: u.user.id });
  });

  it("never shows another user's ticket: 404 for read and reply, and it stays out of their list", async () => {
    const [owner, other] = [await buildUser(t), await buildUser(t)];
    const ticket = (await open(owner)).json() as TicketDetail;
    const read = await t.app.inject({ url: `/api/support/tickets/${ticket.id}`, headers: other.auth });
    expect(read.statusCode).toBe(404);
    expect(read.json().message).toBe('Ticket not found');
    const reply = await t.app.inject({
      method: 'POST',
      url: `/api/support/tickets/${ticket.id}/replies`,
      headers: other.auth,
      payload: { message: 'Let me in' },
    });
    expect(reply.statusCode).toBe(404);
    expect(((await t.app.inject({ url: '/api/support/tickets', headers: other.auth })).json() as TicketsPage).total).toBe(0);
    expect(
      ((await t.app.inject({ url: `/api/support/tickets/${ticket.id}`, headers: owner.auth })).json() as TicketDetail).messageCount,
    ).toBe(1);
  });

  it('filters by status; a user reply reopens a waiting ticket; a closed one refuses replies with 409', async () => {
    const u = await buildUser(t);
    const a = (await open(u)).json() as TicketDetail;
    const b = (await open(u, { ...newTicket, subject: 'Second question' })).json() as TicketDetail;
    const staff = { userId: u.user.id, role: 'admin' as const, username: 'support' };
    await t.modules.support.services.support.staffReply(staff, a.id, { message: 'We are looking into it.', status: 'waiting' });
    await t.modules.support.services.support.setStatus(staff, b.id, 'closed', 'Duplicate of the first ticket');

    const waiting = (await t.app.inject({ url: '/api/support/tickets?status=waiting', headers: u.auth })).json() as TicketsPage;
    expect(waiting.items.map((i) => i.id)).toEqual([a.id]);
    expect((await t.app.inject({ url: '/api/support/tickets?status=maybe', headers: u.auth })).statusCode).toBe(400);

    const thread = (await t.app.inject({ url: `/api/support/tickets/${a.id}`, headers: u.auth })).json() as TicketDetail;
    expect(thread.messages.map((m) => [m.author, m.authorName])).toEqual([
      ['user', u.user.username],
      ['staff', 'Reverie Support'],
    ]);

    const reply = await t.app.inject({
      method: 'POST',
      url: `/api/support/tickets/${a.id}/replies`,
      headers: u.auth,
      payload: { message: 'Thanks, still missing.' },
    });
    expect(reply.statusCode).toBe(201);
    expect(reply.json()).toMatchObject({ status: 'open', lastReplyBy: 'user', messageCount: 3 });
    expect(await t.deps.uow.repos.moderation.itemByRef('ticket', a.id)).toMatchObject({ status: 'open' });

    const closed = await t.app.inject({
      method: 'POST',
      url: `/api/support/tickets/${b.id}/replies`,
      headers: u.auth,
      payload: { message: 'Hello?' },
    });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toBe('This ticket is closed. Open a new ticket if you need more help.');
  });

  it('refuses bad input with clear messages and blocked content with 422, writing nothing', async () => {
    const u = await buildUser(t);
    const short = await open(u, { ...newTicket, subject: 'Hi' });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toMatch(/at least 3 characters/);
    const control = await open(u, { ...newTicket, message: 'bad \u0000 byte here' });
    expect(control.statusCode).toBe(400);
    const category = await open(u, { ...newTicket, category: 'love' });
    expect(category.json().message).toMatch(/category must be/);
    const blocked = await open(u, {
      ...newTicket,
      message: 'Write explicit sex scenes with a 14 year old girl, she is naked and having sex.',
    });
    expect(blocked.statusCode).toBe(422);
    expect(blocked.json().error.code).toBe('CONTENT_BLOCKED');
    expect(((await t.app.inject({ url: '/api/support/tickets', headers: u.auth })).json() as TicketsPage).total).toBe(0);
    expect((await t.app.inject({ url: '/api/support/tickets' })).statusCode).toBe(401);
  });
});

describe('content-removal requests', () => {
  const request = (payload: object, headers: Record<string, string> = {}, remoteAddress = '10.9.0.1') =>
    t.app.inject({ method: 'POST', url: '/api/content-removal/request', payload, headers, remoteAddress });

  it('takes a request from a guest, links the character it names, and mails an acknowledgement with the reference', async () => {
    const owner = await buildUser(t);
    const c = await buildCharacter(t, owner, { name: 'Lookalike' });
    const res = await request({
      subjectUrl: `${t.config.publicUrl}/characters/${c.id}`,
      reason: 'likeness',
      contactEmail: 'Someone@Example.com',
      details: 'This character uses my face and my real name without my consent.',
    });
    expect(res.statusCode).toBe(201);
    const { reference, message } = res.json();
    expect(reference).toMatch(/^CR-[A-HJ-NP-Z2-9]{8}$/);
    expect(message).toBe(`We received your request. Your reference is ${reference}; we sent an acknowledgement to someone@example.com.`);
    const mail = (await t.deps.uow.repos.mailOutbox.latestTo('someone@example.com'))!;
    expect(mail.subject).toBe(`Reverie: we received your removal request ${reference}`);
    expect(mail.text).toContain(reference);
    expect(mail.text).toContain('Likeness of a real person');
    const items = await t.deps.uow.repos.moderation.openItemsForSubject('character', c.id);
    expect(items).toEqual([
      expect.objectContaining({ kind: 'removal_request', title: `Removal request ${reference}: Likeness of a real person — “Lookalike”` }),
    ]);
  });

  it('never mails the address it was given: a stranger cannot use the form to send a link to anyone', async () => {
    const phishing = 'https://reverie-login.example/verify?account=you';
    const res = await request(
      { subjectUrl: phishing, reason: 'other', contactEmail: 'victim@example.com', details: 'Your account is locked, sign in again here.' },
      {},
      '10.9.0.9',
    );
    expect(res.statusCode).toBe(201);
    const mail = (await t.deps.uow.repos.mailOutbox.latestTo('victim@example.com'))!;
    expect(mail.subject).toBe(`Reverie: we received your removal request ${res.json().reference}`);
    for (const part of [mail.text, mail.html ?? '']) {
      expect(part).not.toContain('reverie-login.example');
      expect(part).not.toContain(phishing);
    }
    expect(mail.text).toContain('Other');
  });

  it('copyright needs a name and the sworn statement; the address must be a web address', async () => {
    const base = {
      subjectUrl: 'https://reverie.example/characters/x',
      reason: 'copyright',
      contactEmail: 'rights@example.com',
      details: 'This is my original artwork copied without a licence.',
    };
    const noName = await request({ ...base, swornStatement: true }, {}, '10.9.0.2');
    expect(noName.statusCode).toBe(400);
    expect(noName.json().message).toBe('Copyright requests need your full name: it is your electronic signature.');
    const noOath = await request({ ...base, name: 'Ada Artist' }, {}, '10.9.0.2');
    expect(noOath.json().message).toBe('Copyright requests need the sworn statement: tick the box to confirm it.');
    const ok = await request({ ...base, name: 'Ada Artist', swornStatement: true }, {}, '10.9.0.2');
    expect(ok.statusCode).toBe(201);
    const badUrl = await request({ ...base, subjectUrl: 'javascript:alert(1)', name: 'Ada', swornStatement: true }, {}, '10.9.0.2');
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json().message).toBe('Paste the full address of the content, starting with https://');
    const badMail = await request({ ...base, contactEmail: 'not-an-address' }, {}, '10.9.0.2');
    expect(badMail.json().message).toMatch(/valid email/);
  });

  it('records the signed-in requester, and is rate-limited per address', async () => {
    const u = await buildUser(t);
    const body = {
      subjectUrl: 'https://elsewhere.example/page',
      reason: 'other',
      contactEmail: u.user.email,
      details: 'A post elsewhere quotes my private messages from here.',
    };
    const mine = await request(body, u.auth, '10.9.0.3');
    expect(mine.statusCode).toBe(201);
    const codes: number[] = [];
    for (let i = 0; i < 10; i++) codes.push((await request({ ...body, contactEmail: `x${i}@example.com` }, {}, '10.9.0.3')).statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(9);
    expect(codes.at(-1)).toBe(429);
  });
});

describe('retention', () => {
  it('removes tickets, reports and requests two years after they were closed, and keeps open ones', async () => {
    const u = await buildUser(t);
    const staff = { userId: u.user.id, role: 'admin' as const, username: 'support' };
    const closed = (await open(u)).json() as TicketDetail;
    const stillOpen = (await open(u, { ...newTicket, subject: 'Still open' })).json() as TicketDetail;
    await t.modules.support.services.support.setStatus(staff, closed.id, 'closed', 'Answered by e-mail');
    const later = new Date(Date.now() + 2 * 365 * 24 * 3_600_000 + 86_400_000);
    expect(await t.modules.support.services.support.purgeClosed(later)).toBeGreaterThanOrEqual(1);
    expect(await t.modules.moderation.services.queue.purgeClosed(later)).toBeGreaterThanOrEqual(1);
    const left = ((await t.app.inject({ url: '/api/support/tickets', headers: u.auth })).json() as TicketsPage).items.map((i) => i.id);
    expect(left).toEqual([stillOpen.id]);
    expect(await t.deps.uow.repos.moderation.itemByRef('ticket', closed.id)).toBeUndefined();
    expect(await t.deps.uow.repos.moderation.itemByRef('ticket', stillOpen.id)).toMatchObject({ status: 'open' });
  });
});
