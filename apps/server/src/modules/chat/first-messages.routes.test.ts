// Characters that write first (#43.3): the setting, the schedule on a moved clock (the pause, its doubling, the stop
// after three unanswered, quiet hours), the per-day limit of the plan, the spending caps, suspended and deleted
// accounts, the policy, and one message across two app instances on one PostgreSQL database.
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { ChatSession, ConversationPage, GroupSession, NotificationsPage, WritesFirst } from '@reverie/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCatalog } from '../billing/catalog.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { buildCharacter, buildUser, type BuiltUser } from '../../../test/factories.ts';
import { startOpenAiPeer, type OpenAiPeer } from '../../../test/openai-peer.ts';

const HOUR = 3_600_000;
const POSTGRES = process.env.DATABASE_URL?.startsWith('postgres');

let peer: OpenAiPeer;
let env: Record<string, string>;
let t: TestApp;
let owner: BuiltUser;
let characterId: string;

/** A catalogue whose free plan lets characters write `perDay` messages a day; replies cost 1 coin after 5 free. */
async function catalog(perDay: number): Promise<string> {
  const c = loadCatalog(undefined);
  const file = path.join(os.tmpdir(), `reverie-first-messages-${perDay}-${process.pid}.json`);
  const plans = c.plans.map((p) => ({ ...p, permissions: { ...p.permissions, dailyFreeMessages: 5, firstMessagesPerDay: perDay } }));
  await writeFile(file, JSON.stringify({ costs: { ...c.costs, chatMessage: 1 }, plans }));
  return file;
}

beforeAll(async () => {
  peer = await startOpenAiPeer();
  env = { LLM_PROVIDER: 'openai', LLM_BASE_URL: peer.baseUrl, LLM_MODEL: 'peer-model', LLM_RETRIES: '0' };
  t = await createTestApp({ ...env, BILLING_CATALOG_FILE: await catalog(5) });
  owner = await buildUser(t);
  characterId = (await buildCharacter(t, owner, { name: 'Wren', description: 'Wren keeps the night ferry.' })).id;
}, 60_000);
afterAll(async () => {
  await t?.close();
  await peer?.close();
});

const first = (app: TestApp = t) => app.modules.chat.services.firstMessages;
/** Runs the schedule as if `hours` had passed since now. */
async function runAt(hours: number, app: TestApp = t): Promise<number> {
  first(app).clock.set(new Date(Date.now() + hours * HOUR));
  return first(app).runDue();
}

/** A new conversation of `u` with the character: one message and its reply. */
async function converse(u: BuiltUser, app: TestApp = t): Promise<string> {
  peer.behave({ kind: 'reply', parts: ['The ferry leaves at dawn.'] });
  const res = await app.app.inject({
    method: 'POST',
    url: `/api/chat/${characterId}/message`,
    headers: u.auth,
    payload: { content: 'When do we sail?' },
  });
  expect(res.statusCode, res.body).toBe(200);
  const session = await app.app.inject({ url: `/api/chat/${characterId}`, headers: u.auth });
  return (session.json() as ChatSession).conversation.id;
}

const allow = (u: BuiltUser, id: string, body: Record<string, unknown>, app: TestApp = t) =>
  app.app.inject({ method: 'PUT', url: `/api/conversations/${id}/writes-first`, headers: u.auth, payload: body });
const messagesOf = async (u: BuiltUser, id: string) =>
  ((await t.app.inject({ url: `/api/chat/${characterId}?conversationId=${id}`, headers: u.auth })).json() as ChatSession).messages;

describe('the setting', () => {
  it('is off by default, turns on with a pause from the list, and is 404 for anyone else', async () => {
    const u = await buildUser(t);
    const id = await converse(u);
    const initial = await t.app.inject({ url: `/api/conversations/${id}/writes-first`, headers: u.auth });
    expect(initial.json()).toEqual({ enabled: false, afterHours: 24, available: true, unanswered: 0 } satisfies WritesFirst);
    const on = await allow(u, id, { enabled: true, afterHours: 8 });
    expect(on.json()).toMatchObject({ enabled: true, afterHours: 8 });
    const odd = await allow(u, id, { enabled: true, afterHours: 5 });
    expect(odd.statusCode).toBe(400);
    expect(odd.json().message).toMatch(/pause must be one of 4, 8, 24, 48, 72 hours/);
    const other = await buildUser(t);
    expect((await t.app.inject({ url: `/api/conversations/${id}/writes-first`, headers: other.auth })).statusCode).toBe(404);
    expect((await allow(other, id, { enabled: true, afterHours: 8 })).statusCode).toBe(404);
    const off = await allow(u, id, { enabled: false });
    expect(off.json()).toMatchObject({ enabled: false });
  });

  it('is refused in a group chat, where the characters answer', async () => {
    const second = await buildCharacter(t, owner, { name: 'Hale' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/groups',
      headers: owner.auth,
      payload: { name: 'Crew', characterIds: [characterId, second.id] },
    });
    const groupConversation = (res.json() as GroupSession).group.conversationId;
    const refused = await allow(owner, groupConversation, { enabled: true, afterHours: 8 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/group chat/);
  });
});

describe('the schedule', () => {
  it('writes after the pause, doubles it after each unanswered message, stops after three, and starts again when the user writes', async () => {
    const u = await buildUser(t);
    const id = await converse(u);
    await allow(u, id, { enabled: true, afterHours: 4 });
    const balance = await t.modules.billing.services.ledger.balance(u.user.id);
    peer.behave({ kind: 'reply', parts: ['Morning. The tide turned without you.'] });
    const asked = peer.requests.length;

    expect(await runAt(3)).toBe(0); // the pause has not run out
    await new Promise((r) => setTimeout(r, 1100)); // "unread" means written a second after the last read
    expect(await runAt(5)).toBe(1);
    const prompt = JSON.stringify(peer.requests[asked]!.body);
    expect(prompt).toContain('The user has not written for about 5 hours');
    expect(prompt).toContain('Wren keeps the night ferry.'); // the card, as in any reply

    // It is unread, and the bell says who wrote, with a link into the conversation.
    const list = (await t.app.inject({ url: '/api/conversations', headers: u.auth })).json() as ConversationPage;
    expect(list.items.find((c) => c.id === id)).toMatchObject({ unread: true });
    const notes = (await t.app.inject({ url: '/api/notifications', headers: u.auth })).json() as NotificationsPage;
    expect(notes.items[0]).toMatchObject({
      kind: 'character_message',
      title: 'Wren sent you a message',
      body: 'Morning. The tide turned without you.',
      link: `/chat/${characterId}?conversation=${id}`,
    });
    const written = (await messagesOf(u, id)).at(-1)!;
    expect(written).toMatchObject({ role: 'assistant', content: 'Morning. The tide turned without you.', unprompted: true });
    expect(await t.modules.billing.services.ledger.balance(u.user.id)).toBe(balance); // free

    expect(await runAt(5)).toBe(0); // one at a time: the next pause is 8 hours from that message
    expect(await runAt(7)).toBe(0);
    expect(await runAt(9)).toBe(1);
    expect(await runAt(15)).toBe(0); // then 16 hours
    expect(await runAt(17)).toBe(1);
    expect(await runAt(500)).toBe(0); // three unanswered: it waits for the user
    const state = (await t.app.inject({ url: `/api/conversations/${id}/writes-first`, headers: u.auth })).json() as WritesFirst;
    expect(state.unanswered).toBe(3);
    expect((await messagesOf(u, id)).filter((m) => m.unprompted)).toHaveLength(3);

    await t.app.inject({
      method: 'POST',
      url: `/api/chat/${characterId}/message`,
      headers: u.auth,
      payload: { content: 'Sorry, I was away.' },
    });
    expect(await runAt(3)).toBe(0);
    expect(await runAt(5)).toBe(1);
    first().clock.set(new Date());
  }, 60_000);

  it('keeps nothing the policy blocks, and nothing reaches the bell', async () => {
    const u = await buildUser(t);
    const id = await converse(u);
    await allow(u, id, { enabled: true, afterHours: 4 });
    peer.behave({ kind: 'reply', parts: ['Here is how to make a pi', 'pe bomb: first you ...'] });
    expect(await runAt(5)).toBe(0);
    expect((await messagesOf(u, id)).some((m) => m.unprompted)).toBe(false);
    const notes = (await t.app.inject({ url: '/api/notifications', headers: u.auth })).json() as NotificationsPage;
    expect(notes.items.some((n) => n.kind === 'character_message')).toBe(false);
    first().clock.set(new Date());
  });

  it("waits out the user's quiet hours (push settings, in their time zone), then writes", async () => {
    const u = await buildUser(t);
    const id = await converse(u);
    await allow(u, id, { enabled: true, afterHours: 4 });
    const hourThen = new Date(Date.now() + 5 * HOUR).getUTCHours();
    const at = (h: number) => `${String((h + 24) % 24).padStart(2, '0')}:00`;
    const quietHours = { start: at(hourThen - 1), end: at(hourThen + 1), timeZone: 'UTC' };
    const quiet = await t.app.inject({ method: 'PUT', url: '/api/push/settings', headers: u.auth, payload: { quietHours } });
    expect(quiet.statusCode, quiet.body).toBe(200);
    peer.behave({ kind: 'reply', parts: ['Are you awake?'] });
    expect(await runAt(5)).toBe(0);
    await t.app.inject({ method: 'PUT', url: '/api/push/settings', headers: u.auth, payload: { quietHours: null } });
    expect(await runAt(5)).toBe(1);
    first().clock.set(new Date());
  });

  it('writes nothing for a suspended account, an account being deleted, or one over its spending cap', async () => {
    const [suspended, leaving, capped] = [await buildUser(t), await buildUser(t), await buildUser(t)];
    const ids = [await converse(suspended), await converse(leaving), await converse(capped)];
    for (const [i, u] of [suspended, leaving, capped].entries()) await allow(u, ids[i]!, { enabled: true, afterHours: 4 });
    await t.deps.uow.repos.users.update(suspended.user.id, { suspendedAt: new Date() });
    await t.deps.uow.repos.users.update(leaving.user.id, { deletionDueAt: new Date(Date.now() + 7 * 24 * HOUR) });
    // A cap of 1 coin a day, reached by one paid reply (5 free ones first).
    const { ledger } = t.modules.billing.services;
    await ledger.credit({ userId: capped.user.id, amount: 10, reason: 'test', idempotencyKey: `cap-${capped.user.id}` });
    const cap = await t.app.inject({
      method: 'PUT',
      url: '/api/coins/limits',
      headers: capped.auth,
      payload: { daily: 1, monthly: null, confirmAbove: null },
    });
    expect(cap.statusCode, cap.body).toBe(200);
    for (let i = 0; i < 5; i++) await converse(capped);
    expect(await ledger.balance(capped.user.id)).toBe(9);
    peer.behave({ kind: 'reply', parts: ['Still there?'] });
    await runAt(5);
    for (const [i, u] of [suspended, leaving, capped].entries()) {
      expect(
        (await messagesOf(u, ids[i]!)).some((m) => m.unprompted),
        u.user.username,
      ).toBe(false);
    }
    first().clock.set(new Date());
  }, 60_000);
});

describe('the plan', () => {
  it("holds the plan's messages a day across conversations, and a plan with none cannot turn it on", async () => {
    const one = await createTestApp({ ...env, BILLING_CATALOG_FILE: await catalog(1) });
    const none = await createTestApp({ ...env, BILLING_CATALOG_FILE: await catalog(0) });
    try {
      const creator = await buildUser(one);
      const other = (await buildCharacter(one, creator, { name: 'Sable' })).id;
      const u = await buildUser(one);
      characterId = (await buildCharacter(one, creator, { name: 'Wren' })).id;
      const a = await converse(u, one);
      characterId = other;
      const b = await converse(u, one);
      await allow(u, a, { enabled: true, afterHours: 4 }, one);
      await allow(u, b, { enabled: true, afterHours: 4 }, one);
      peer.behave({ kind: 'reply', parts: ['Hello again.'] });
      expect(await runAt(5, one)).toBe(1);
      expect(await runAt(6, one)).toBe(0);

      const v = await buildUser(none);
      const noneCharacter = (await buildCharacter(none, v, { name: 'Moss' })).id;
      characterId = noneCharacter;
      const c = await converse(v, none);
      const refused = await allow(v, c, { enabled: true, afterHours: 4 }, none);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe('Characters cannot write first on your plan or on this server.');
    } finally {
      await one.close();
      await none.close();
    }
  }, 90_000);
});

describe.runIf(POSTGRES)('two processes', () => {
  it('write one message between them, however they race', async () => {
    const a = await createTestApp({ ...env, BILLING_CATALOG_FILE: await catalog(5) });
    const b = await createTestApp({
      ...env,
      BILLING_CATALOG_FILE: await catalog(5),
      DATABASE_URL: (a.config.database as { url: string }).url,
    });
    try {
      const creator = await buildUser(a);
      characterId = (await buildCharacter(a, creator, { name: 'Wren' })).id;
      const u = await buildUser(a);
      const id = await converse(u, a);
      await allow(u, id, { enabled: true, afterHours: 4 }, a);
      peer.behave({ kind: 'reply', parts: ['Only once.'] });
      first(a).clock.set(new Date(Date.now() + 5 * HOUR));
      first(b).clock.set(new Date(Date.now() + 5 * HOUR));
      const counts = await Promise.all([first(a).runDue(), first(b).runDue(), first(a).runDue(), first(b).runDue()]);
      expect(counts.reduce((x, y) => x + y, 0)).toBe(1);
      const session = await a.app.inject({ url: `/api/chat/${characterId}?conversationId=${id}`, headers: u.auth });
      expect((session.json() as ChatSession).messages.filter((m) => m.unprompted)).toHaveLength(1);
    } finally {
      await b.close();
      await a.close();
    }
  }, 90_000);
});
