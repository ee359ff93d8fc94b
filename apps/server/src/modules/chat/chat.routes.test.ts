// Chat over HTTP with real models: the tiny GGUF through llama.cpp (default) and a local OpenAI-compatible peer.
import { writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { ChatMessage, ChatReply, ChatSession, ConversationPage } from '@reverie/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { buildCharacter, buildUser, type BuiltUser } from '../../../test/factories.ts';
import { startOpenAiPeer, type OpenAiPeer } from '../../../test/openai-peer.ts';
import { loadCatalog } from '../billing/catalog.ts';

interface SseEvent {
  event: string;
  data: Record<string, unknown>;
}

function parseSse(body: string): SseEvent[] {
  return body
    .split('\n\n')
    .filter((block) => block.includes('event:'))
    .map((block) => {
      const event = /^event: (.+)$/m.exec(block)![1]!;
      const data = JSON.parse(/^data: (.+)$/m.exec(block)![1]!) as Record<string, unknown>;
      return { event, data };
    });
}

async function send(t: TestApp, u: BuiltUser, characterId: string, content: string, opts: { sse?: boolean; conversationId?: string } = {}) {
  return t.app.inject({
    method: 'POST',
    url: `/api/chat/${characterId}/message`,
    headers: { ...u.auth, ...(opts.sse ? { accept: 'text/event-stream' } : {}) },
    payload: { content, ...(opts.conversationId ? { conversationId: opts.conversationId } : {}) },
  });
}

describe('chat on the embedded model (tiny GGUF)', () => {
  let t: TestApp;
  let owner: BuiltUser;
  let alice: BuiltUser;
  let bob: BuiltUser;
  let characterId: string;

  beforeAll(async () => {
    // One free message a day on the free plan, then 2 coins a message: the allowance and the charge in a few calls.
    const catalog = loadCatalog(undefined);
    const file = path.join(os.tmpdir(), `reverie-chat-catalog-${process.pid}.json`);
    await writeFile(
      file,
      JSON.stringify({
        costs: { ...catalog.costs, chatMessage: 2 },
        plans: catalog.plans.map((p) => (p.id === 'free' ? { ...p, permissions: { ...p.permissions, dailyFreeMessages: 1 } } : p)),
      }),
    );
    t = await createTestApp({ BILLING_CATALOG_FILE: file, CHAT_MEMORY_EVERY: '4' });
    owner = await buildUser(t);
    alice = await buildUser(t, { coins: 3 });
    bob = await buildUser(t);
    characterId = (
      await buildCharacter(t, owner, {
        name: 'Mira Vale',
        greeting: 'Hello {{user}}, I am {{char}}.',
        alternateGreetings: ['*Mira looks up from her map.*'],
      })
    ).id;
  }, 60_000);
  afterAll(() => t.close());

  it('opens a conversation with the greeting (macros filled, alternates as swipes) and hides it from others', async () => {
    const res = await t.app.inject({ url: `/api/chat/${characterId}`, headers: alice.auth });
    expect(res.statusCode).toBe(200);
    const s = res.json() as ChatSession;
    expect(s.character).toMatchObject({ name: 'Mira Vale', deleted: false });
    expect(s.messages).toHaveLength(1);
    expect(s.messages[0]).toMatchObject({ role: 'assistant', content: `Hello ${alice.user.username}, I am Mira Vale.`, swipeIndex: 0 });
    expect(s.messages[0]!.swipes).toEqual([`Hello ${alice.user.username}, I am Mira Vale.`, '*Mira looks up from her map.*']);
    expect(s.cost).toEqual({ freeLeft: 1, costPerMessage: 2, balance: 3 });
    // The same conversation on the next open.
    const again = (await t.app.inject({ url: `/api/chat/${characterId}`, headers: alice.auth })).json() as ChatSession;
    expect(again.conversation.id).toBe(s.conversation.id);
    // Bob cannot read Alice's conversation by id, nor its history or memory.
    const peek = await t.app.inject({ url: `/api/chat/${characterId}?conversationId=${s.conversation.id}`, headers: bob.auth });
    expect(peek.statusCode).toBe(404);
    const mem = await t.app.inject({ url: `/api/conversations/${s.conversation.id}/memory`, headers: bob.auth });
    expect(mem.statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/chat/${characterId}` })).statusCode).toBe(401);
  });

  it('streams a reply as server-sent events, saves both messages, uses the free allowance, then charges coins, then 402', async () => {
    const first = await send(t, alice, characterId, 'Tell me about the stars tonight.', { sse: true });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toMatch(/text\/event-stream/);
    const events = parseSse(first.body);
    expect(events[0]!.event).toBe('start');
    const tokens = events.filter((e) => e.event === 'token');
    expect(tokens.length).toBeGreaterThan(2);
    const done = events.at(-1)!;
    expect(done.event).toBe('done');
    const reply = done.data.message as ChatMessage;
    expect(reply.id).toBe(events[0]!.data.replyId);
    expect(reply).toMatchObject({ role: 'assistant', status: 'complete' });
    expect(reply.content.length).toBeGreaterThan(0);
    expect(
      tokens
        .map((e) => e.data.text)
        .join('')
        .trim().length,
    ).toBeGreaterThan(0);

    // Second message: the free one is used up, so it costs 2 coins (balance 3 → 1).
    const second = await send(t, alice, characterId, 'And the moon?');
    expect(second.statusCode).toBe(200);
    const body = second.json() as ChatReply;
    expect(body.userMessage).toMatchObject({ role: 'user', content: 'And the moon?' });
    expect(body.reply.content.length).toBeGreaterThan(0);
    const session = (await t.app.inject({ url: `/api/chat/${characterId}`, headers: alice.auth })).json() as ChatSession;
    expect(session.cost).toEqual({ freeLeft: 0, costPerMessage: 2, balance: 1 });
    expect(session.messages.map((m) => m.role)).toEqual(['assistant', 'user', 'assistant', 'user', 'assistant']);

    // Third: 2 coins needed, 1 left → 402 with cost and balance, and nothing saved.
    const third = await send(t, alice, characterId, 'One more?');
    expect(third.statusCode).toBe(402);
    expect(third.json().error).toMatchObject({ code: 'PAYMENT_REQUIRED', details: { cost: 2, balance: 1 } });
    const after = (await t.app.inject({ url: `/api/chat/${characterId}`, headers: alice.auth })).json() as ChatSession;
    expect(after.messages).toHaveLength(5);
  }, 60_000);

  it('counts a real conversation once on the character and lists conversations newest first', async () => {
    const character = await t.deps.uow.repos.characters.findById(characterId);
    expect(character!.chatCount).toBe(1);
    const list = (await t.app.inject({ url: '/api/conversations', headers: alice.auth })).json() as ConversationPage;
    expect(list.items[0]).toMatchObject({ character: { id: characterId, name: 'Mira Vale' }, unread: false, messageCount: 5 });
    expect(list.items[0]!.lastMessage?.role).toBe('assistant');
    expect(((await t.app.inject({ url: '/api/conversations', headers: bob.auth })).json() as ConversationPage).items).toHaveLength(0);
  });

  it('refuses blocked text with 422 CONTENT_BLOCKED naming the rule, saves nothing and charges nothing', async () => {
    const u = await buildUser(t, { coins: 10 });
    const res = await send(t, u, characterId, 'She is a 12 year old girl and we have sex.');
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe('CONTENT_BLOCKED');
    expect(res.json().error.details.field).toBe('content');
    // The message never repeats the text; the author's own words come back only as the spans of each problem.
    expect(res.json().message).not.toMatch(/12 year old/);
    const sent = 'She is a 12 year old girl and we have sex.';
    const problems = res.json().error.details.problems as { field: string; rule: string; span: string; start: number; end: number }[];
    expect(problems.map((p) => p.rule)).toEqual(['stated-age-under-18', 'sexual-content']);
    for (const p of problems) expect(sent.slice(p.start, p.end)).toBe(p.span);
    const s = (await t.app.inject({ url: `/api/chat/${characterId}`, headers: u.auth })).json() as ChatSession;
    expect(s.messages).toHaveLength(1);
    expect(s.cost).toMatchObject({ freeLeft: 1, balance: 10 });
  });

  it('validates the message: empty, too long, control characters', async () => {
    const u = await buildUser(t);
    expect((await send(t, u, characterId, '   ')).json().message).toMatch(/Write a message first/);
    expect((await send(t, u, characterId, 'x'.repeat(4001))).statusCode).toBe(400);
    expect((await send(t, u, characterId, 'bad\u0007bell')).json().message).toMatch(/Control characters/);
  });

  it('regenerates a reply as a new swipe, chooses swipes, edits and deletes messages; others get 404', async () => {
    const u = await buildUser(t, { coins: 50 });
    const sent = (await send(t, u, characterId, 'Hello Mira.')).json() as ChatReply;
    const conversationId = sent.reply.conversationId;
    const regen = await t.app.inject({
      method: 'POST',
      url: `/api/chat/${characterId}/regenerate`,
      headers: u.auth,
      payload: { conversationId },
    });
    expect(regen.statusCode).toBe(200);
    const swiped = (regen.json() as ChatReply).reply;
    expect(swiped.id).toBe(sent.reply.id);
    expect(swiped.swipes).toHaveLength(2);
    expect(swiped.swipeIndex).toBe(1);

    const pick = await t.app.inject({
      method: 'PUT',
      url: `/api/chat/${characterId}/message/${swiped.id}`,
      headers: u.auth,
      payload: { swipeIndex: 0 },
    });
    expect(pick.json()).toMatchObject({ swipeIndex: 0, content: swiped.swipes[0] });

    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/chat/${characterId}/message/${sent.userMessage!.id}`,
      headers: u.auth,
      payload: { content: 'Hello again, Mira.' },
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json()).toMatchObject({ content: 'Hello again, Mira.' });
    expect(edit.json().editedAt).not.toBeNull();

    // Someone else's message: 404 for edit and delete.
    const other = await buildUser(t);
    const theirs = await t.app.inject({
      method: 'DELETE',
      url: `/api/chat/${characterId}/message/${sent.userMessage!.id}`,
      headers: other.auth,
    });
    expect(theirs.statusCode).toBe(404);

    const del = await t.app.inject({ method: 'DELETE', url: `/api/chat/${characterId}/message/${swiped.id}`, headers: u.auth });
    expect(del.statusCode).toBe(200);
    const history = await t.app.inject({
      url: `/api/chat/history?characterId=${characterId}&conversationId=${conversationId}`,
      headers: u.auth,
    });
    expect((history.json().items as ChatMessage[]).map((m) => m.content)).toEqual([expect.stringContaining('Hello'), 'Hello again, Mira.']);
  }, 60_000);

  it('continues the last reply, pages history newest first, keeps several conversations, deletes one', async () => {
    const u = await buildUser(t, { coins: 50 });
    const sent = (await send(t, u, characterId, 'Begin a story.')).json() as ChatReply;
    const cont = await t.app.inject({
      method: 'POST',
      url: `/api/chat/${characterId}/continue`,
      headers: u.auth,
      payload: { conversationId: sent.reply.conversationId },
    });
    expect(cont.statusCode).toBe(200);
    const longer = (cont.json() as ChatReply).reply;
    expect(longer.id).toBe(sent.reply.id);
    expect(longer.content.length).toBeGreaterThan(sent.reply.content.length);
    expect(longer.content.startsWith(sent.reply.content)).toBe(true);

    const page1 = (await t.app.inject({ url: `/api/chat/history?characterId=${characterId}&limit=2`, headers: u.auth })).json();
    expect(page1).toMatchObject({ page: 1, limit: 2, total: 3, hasMore: true });
    expect((page1.items as ChatMessage[]).map((m) => m.role)).toEqual(['user', 'assistant']);
    const page2 = (await t.app.inject({ url: `/api/chat/history?characterId=${characterId}&limit=2&page=2`, headers: u.auth })).json();
    expect(page2.items).toHaveLength(1);
    expect(page2.hasMore).toBe(false);

    const fresh = await t.app.inject({ method: 'POST', url: `/api/chat/${characterId}/conversations`, headers: u.auth });
    expect(fresh.statusCode).toBe(201);
    const freshId = (fresh.json() as ChatSession).conversation.id;
    expect(freshId).not.toBe(sent.reply.conversationId);
    const mine = (await t.app.inject({ url: `/api/chat/${characterId}/conversations`, headers: u.auth })).json();
    expect(mine.items.map((c: { id: string }) => c.id)).toEqual([freshId, sent.reply.conversationId]);

    expect((await t.app.inject({ method: 'DELETE', url: `/api/conversations/${freshId}`, headers: alice.auth })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/conversations/${freshId}`, headers: u.auth })).statusCode).toBe(200);
    expect((await t.app.inject({ url: `/api/chat/${characterId}?conversationId=${freshId}`, headers: u.auth })).statusCode).toBe(404);
  }, 60_000);

  it('writes a summary into the memory every few messages, and lets the user edit it and pin facts', async () => {
    const u = await buildUser(t, { coins: 50 });
    let conversationId = '';
    for (const text of ['My name is Sam.', 'I am a pilot.']) {
      conversationId = ((await send(t, u, characterId, text)).json() as ChatReply).reply.conversationId;
    }
    await t.deps.background.drain();
    const mem = (await t.app.inject({ url: `/api/conversations/${conversationId}/memory`, headers: u.auth })).json();
    expect(mem.summary.length).toBeGreaterThan(0);
    expect(mem.updatedAt).not.toBeNull();
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/conversations/${conversationId}/memory`,
      headers: u.auth,
      payload: { summary: 'Sam is a pilot.', pinned: ["My name is Sam, I'm a pilot", "My name is Sam, I'm a pilot"] },
    });
    expect(put.json()).toMatchObject({ summary: 'Sam is a pilot.', pinned: ["My name is Sam, I'm a pilot"] });
    const tooMany = await t.app.inject({
      method: 'PUT',
      url: `/api/conversations/${conversationId}/memory`,
      headers: u.auth,
      payload: { summary: '', pinned: Array.from({ length: 21 }, (_, i) => `fact ${i}`) },
    });
    expect(tooMany.statusCode).toBe(400);
  }, 60_000);

  it('gates premium characters behind the membership (403 MEMBERSHIP_REQUIRED), except for their creator', async () => {
    const premium = await buildCharacter(t, owner, { name: 'Velvet Premium', premium: true });
    const res = await t.app.inject({ url: `/api/chat/${premium.id}`, headers: bob.auth });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({ code: 'MEMBERSHIP_REQUIRED', details: { permission: 'premiumCharacters' } });
    expect((await send(t, bob, premium.id, 'hi')).statusCode).toBe(403);
    expect((await t.app.inject({ url: `/api/chat/${premium.id}`, headers: owner.auth })).statusCode).toBe(200);
  });

  it('keeps a deleted character readable for its conversations, and refuses new messages', async () => {
    const c = await buildCharacter(t, owner, { name: 'Soon Gone' });
    const u = await buildUser(t, { coins: 10 });
    await t.app.inject({ url: `/api/chat/${c.id}`, headers: u.auth });
    await t.deps.uow.repos.characters.update(c.id, { deletedAt: new Date() });
    const s = await t.app.inject({ url: `/api/chat/${c.id}`, headers: u.auth });
    expect(s.statusCode).toBe(200);
    expect((s.json() as ChatSession).character.deleted).toBe(true);
    expect((await send(t, u, c.id, 'hello?')).statusCode).toBe(409);
    // Someone without a conversation just gets 404.
    expect((await t.app.inject({ url: `/api/chat/${c.id}`, headers: bob.auth })).statusCode).toBe(404);
  });

  it('runs a tiny chat for the /test page: tokens, speed and what the model wrote; rarely per address', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/chat/test', remoteAddress: '10.99.0.1' });
    expect(res.statusCode).toBe(200);
    const check = res.json();
    expect(check).toMatchObject({ provider: 'embedded', model: expect.stringMatching(/tiny/) });
    expect(check.tokens).toBeGreaterThan(0);
    expect(check.tokensPerSecond).toBeGreaterThan(0);
    expect(check.firstTokenMs).toBeGreaterThanOrEqual(0);
    expect(check.text.length).toBeGreaterThan(0);
    for (let i = 0; i < 5; i++) await t.app.inject({ method: 'POST', url: '/api/chat/test', remoteAddress: '10.99.0.1' });
    const limited = await t.app.inject({ method: 'POST', url: '/api/chat/test', remoteAddress: '10.99.0.1' });
    expect(limited.statusCode).toBe(429);
    expect((await t.app.inject({ method: 'POST', url: '/api/chat/test', remoteAddress: '10.99.0.2' })).statusCode).toBe(200);
  });

  it('reports the model for /test-chat and offers its diagnostic character', async () => {
    const status = (await t.app.inject('/api/chat/status')).json();
    expect(status).toMatchObject({ provider: 'embedded', ready: true, state: 'ready', message: null });
    expect(status.contextSize).toBeGreaterThanOrEqual(512);
    const diag = await t.app.inject({ url: `/api/chat/${status.diagnosticCharacterId}`, headers: bob.auth });
    expect(diag.statusCode).toBe(200);
    expect((diag.json() as ChatSession).character.name).toBe('Diagnostics');
  });

  it('counts a conversation on the character with its first message, and not when that message is refused (402)', async () => {
    const other = (await buildCharacter(t, owner, { name: 'Counted Once', greeting: 'Hi.' })).id;
    const count = async () => (await t.deps.uow.repos.characters.findById(other))!.chatCount;
    const u = await buildUser(t);
    expect((await send(t, u, other, 'first, free')).statusCode).toBe(200);
    expect(await count()).toBe(1);
    // The day's free message is spent and there are no coins: a new conversation's first message is refused.
    const fresh = (await t.app.inject({ method: 'POST', url: `/api/chat/${other}/conversations`, headers: u.auth })).json() as ChatSession;
    const refused = await send(t, u, other, 'second, unpaid', { conversationId: fresh.conversation.id });
    expect(refused.statusCode).toBe(402);
    expect(await count()).toBe(1);
    const after = (
      await t.app.inject({ url: `/api/chat/${other}?conversationId=${fresh.conversation.id}`, headers: u.auth })
    ).json() as ChatSession;
    expect(after.messages.map((m) => m.role)).toEqual(['assistant']);
    const list = (await t.app.inject({ url: `/api/chat/${other}/conversations`, headers: u.auth })).json();
    expect(list.items.find((c: { id: string }) => c.id === fresh.conversation.id)).toMatchObject({ messageCount: 1 });
  });
  it("refuses a session signed out behind the process's back with 401, and keeps nothing of the message", async () => {
    const u = await buildUser(t, { coins: 5 });
    // Signed out behind the process's back (as another server process would), so the check must ask the database.
    await t.deps.uow.repos.sessions.revokeAllForUser(u.user.id);
    for (const sse of [false, true]) {
      const res = await send(t, u, characterId, 'are you there?', { sse });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ error: { code: 'INVALID_TOKEN' } });
    }
    expect(await t.modules.billing.services.ledger.balance(u.user.id)).toBe(5);
    expect(await t.deps.uow.repos.chat.latestConversation(u.user.id, characterId)).toBeUndefined();
  });

  it('refuses a signed-out session before anything else: 401 even for a character that does not exist', async () => {
    const u = await buildUser(t);
    expect((await send(t, u, characterId, 'still here?')).statusCode).toBe(200);
    const w = await buildUser(t);
    await t.deps.uow.repos.sessions.revokeAllForUser(w.user.id);
    for (const sse of [false, true]) {
      const missing = await send(t, w, '00000000-0000-4000-8000-000000000000', 'hello?', { sse });
      expect(missing.statusCode).toBe(401);
    }
  });
});

describe('chat over an OpenAI-compatible server (local peer)', () => {
  let t: TestApp;
  let peer: OpenAiPeer;
  let owner: BuiltUser;
  let characterId: string;
  let base: string;

  beforeAll(async () => {
    peer = await startOpenAiPeer();
    t = await createTestApp({ LLM_PROVIDER: 'openai', LLM_BASE_URL: peer.baseUrl, LLM_MODEL: 'peer-model', LLM_RETRIES: '0' });
    owner = await buildUser(t);
    characterId = (await buildCharacter(t, owner, { name: 'Peer Person' })).id;
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    await t.close();
    await peer.close();
  });

  it('builds each prompt from what is stored when the message comes, with one request to the model per message', async () => {
    peer.behave({ kind: 'reply', parts: ['Noted', '.'] });
    const u = await buildUser(t);
    const own = await buildCharacter(t, owner, { name: 'Guessed Person', description: 'A ferry captain.' });
    const lastPrompt = () => JSON.stringify(peer.requests.at(-1)!.body.messages);
    expect((await send(t, u, own.id, 'first')).statusCode).toBe(200);
    const before = peer.requests.length;
    expect((await send(t, u, own.id, 'second')).statusCode).toBe(200);
    expect(peer.requests.length).toBe(before + 1);
    expect(lastPrompt()).toContain('second');
    expect(lastPrompt()).toContain('ferry captain');

    // The character changes behind this process's back (another server process, an admin): the next prompt has it.
    await t.deps.uow.repos.characters.update(own.id, { description: 'A lighthouse keeper.' });
    const third = await send(t, u, own.id, 'third');
    expect(third.statusCode).toBe(200);
    expect(peer.requests.length).toBe(before + 2);
    expect(lastPrompt()).toContain('lighthouse');
    expect(lastPrompt()).toContain('third');
    expect((third.json() as ChatReply).reply.content).toBe('Noted.');
    // Each message was saved once, with one reply each.
    const page = await t.app.inject({ method: 'GET', url: `/api/chat/history?characterId=${own.id}&page=1&limit=50`, headers: u.auth });
    const items = (page.json() as { items: ChatMessage[] }).items;
    expect(items.filter((m) => m.role === 'user').map((m) => m.content)).toEqual(['first', 'second', 'third']);
    expect(items.filter((m) => m.role === 'assistant' && m.content === 'Noted.')).toHaveLength(3);
  });

  it('a session signed out between two messages gets 401, and nothing is kept', async () => {
    peer.behave({ kind: 'reply', parts: ['Noted', '.'] });
    const u = await buildUser(t, { coins: 5 });
    const own = await buildCharacter(t, owner, { name: 'Guarded Person' });
    expect((await send(t, u, own.id, 'first')).statusCode).toBe(200);
    const balance = await t.modules.billing.services.ledger.balance(u.user.id);
    // Signed out as a sign-out does it (the database, and Redis for every other process when configured).
    await t.modules.auth.services.sessions.revokeAllForUser(u.user.id);
    const res = await send(t, u, own.id, 'second', { sse: true });
    expect(res.statusCode).toBe(401);
    expect(await t.modules.billing.services.ledger.balance(u.user.id)).toBe(balance);
    const conv = await t.deps.uow.repos.chat.latestConversation(u.user.id, own.id);
    const contents = (await t.deps.uow.repos.chat.messagesNewestFirst(conv!.id, 10)).map((m) => m.content);
    expect(contents).not.toContain('second');
  });

  it('streams the upstream reply through', async () => {
    peer.behave({ kind: 'reply', parts: ['The', ' lanterns', ' glow.'] });
    const u = await buildUser(t);
    const events = parseSse((await send(t, u, characterId, 'Describe the harbour.', { sse: true })).body);
    expect(
      events
        .filter((e) => e.event === 'token')
        .map((e) => e.data.text)
        .join(''),
    ).toBe('The lanterns glow.');
    expect((events.at(-1)!.data.message as ChatMessage).content).toBe('The lanterns glow.');
    const sentMessages = peer.requests.at(-1)!.body.messages as Array<{ role: string; content: string }>;
    expect(sentMessages[0]!.role).toBe('system');
    expect(sentMessages.at(-1)).toMatchObject({ role: 'user', content: 'Describe the harbour.' });
  });

  it('a failure mid-stream sends an error event, keeps what came as incomplete, and refunds the coins', async () => {
    const u = await buildUser(t, { coins: 5 });
    // Use the free message first so that the failing one is paid in coins.
    peer.behave({ kind: 'reply', parts: ['ok'] });
    await send(t, u, characterId, 'first');
    const before = (await t.app.inject({ url: `/api/chat/${characterId}`, headers: u.auth })).json() as ChatSession;
    expect(before.cost.freeLeft).toBe(49);
    peer.behave({ kind: 'break', parts: ['Half', ' a'] });
    const res = await send(t, u, characterId, 'second', { sse: true });
    const events = parseSse(res.body);
    expect(events.at(-1)!.event).toBe('error');
    const after = (await t.app.inject({ url: `/api/chat/${characterId}`, headers: u.auth })).json() as ChatSession;
    const last = after.messages.at(-1)!;
    expect(last).toMatchObject({ role: 'assistant', status: 'incomplete', content: 'Half a' });
    expect(after.cost.freeLeft).toBe(49);
    expect(after.cost.balance).toBe(5);
  });

  it('withholds a reply that breaks the policy: never streamed, replaced by a notice, not charged', async () => {
    const u = await buildUser(t);
    peer.behave({ kind: 'reply', parts: ['She is', ' only 12', ' years old', ' and we have', ' sex', ' tonight.'] });
    const events = parseSse((await send(t, u, characterId, 'Tell me a story.', { sse: true })).body);
    const streamed = events
      .filter((e) => e.event === 'token')
      .map((e) => e.data.text)
      .join('');
    expect(streamed).not.toMatch(/sex/);
    const done = events.at(-1)!;
    expect(done.event).toBe('done');
    expect(done.data.message).toMatchObject({ status: 'blocked', content: expect.stringMatching(/withheld/) });
    const s = (await t.app.inject({ url: `/api/chat/${characterId}`, headers: u.auth })).json() as ChatSession;
    expect(s.cost.freeLeft).toBe(50);
  });

  it('judges a number split across batches whole: an adult age streamed digit by digit passes, a minor age is withheld', async () => {
    const u = await buildUser(t);
    const nsfw = await buildCharacter(t, owner, { name: 'Digit Person', nsfw: true });
    const lead = ['She slips off her dress', ' and kisses you', ' hungrily. She is '];
    peer.behave({ kind: 'reply', parts: [...lead, '3', '2', ' years old', ' and wants you', ' naked.'], delayMs: 120 });
    const adult = parseSse((await send(t, u, nsfw.id, 'Tell me about her.', { sse: true })).body);
    expect(adult.at(-1)!.event).toBe('done');
    expect(adult.at(-1)!.data.message).toMatchObject({ status: 'complete', content: expect.stringContaining('She is 32 years old') });
    const adultStreamed = adult.filter((e) => e.event === 'token').map((e) => e.data.text as string);
    expect(adultStreamed.join('')).toContain('She is 32 years old and wants you naked.');
    // The "3" was never sent alone: the digits went out together once the text after them had come.
    expect(adultStreamed.some((x) => x.endsWith('3'))).toBe(false);

    peer.behave({ kind: 'reply', parts: [...lead, '1', '5', ' years old', ' and wants you', ' naked.'], delayMs: 120 });
    const minor = parseSse((await send(t, u, nsfw.id, 'Tell me more.', { sse: true })).body);
    const minorStreamed = minor
      .filter((e) => e.event === 'token')
      .map((e) => e.data.text)
      .join('');
    expect(minorStreamed).not.toMatch(/1|years/);
    expect(minor.at(-1)!.data.message).toMatchObject({ status: 'blocked', content: expect.stringMatching(/withheld/) });
  });

  it("the /test page's tiny chat names an upstream failure clearly, without the model server's address or key", async () => {
    peer.behave({ kind: 'http-error', status: 401, message: 'Incorrect API key provided: sk-proj-abcd1234.' });
    const res = await t.app.inject({ method: 'POST', url: '/api/chat/test' });
    expect(res.statusCode).toBe(502);
    // A sentence for the user; the server's own text (here with a key fragment) stays in the log.
    expect(res.json().message).toBe("The model server refused the site's credentials. Please tell the site's operator.");
    const down = await createTestApp({ LLM_PROVIDER: 'openai', LLM_BASE_URL: 'http://127.0.0.1:9/v1', LLM_MODEL: 'm', LLM_RETRIES: '0' });
    try {
      const unreachable = await down.app.inject({ method: 'POST', url: '/api/chat/test' });
      expect(unreachable.statusCode).toBe(502);
      expect(unreachable.json().message).toBe('Could not reach the model server (ECONNREFUSED)');
    } finally {
      await down.close();
    }
  });

  it('an upstream HTTP error answers a clear 502 in JSON mode and refunds', async () => {
    const u = await buildUser(t);
    peer.behave({ kind: 'http-error', status: 400, message: 'model peer-model not loaded' });
    const res = await send(t, u, characterId, 'hello');
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toBe("The model server refused the request. Please tell the site's operator if it keeps happening.");
    expect(res.body).not.toMatch(/not loaded/);
    const s = (await t.app.inject({ url: `/api/chat/${characterId}`, headers: u.auth })).json() as ChatSession;
    expect(s.cost.freeLeft).toBe(50);
  });

  it('a reasoning model that only thinks is asked once more, then the user gets a clear error and is not charged', async () => {
    const u = await buildUser(t, { coins: 5 });
    peer.behave({ kind: 'reply', parts: ['ok'] });
    await send(t, u, characterId, 'first'); // the free message: the next one is paid in coins
    peer.behave({ kind: 'thinking-only', thoughts: ['The user asks something. ', 'I will think about it at length.'] });
    const asked = peer.requests.length;
    const events = parseSse((await send(t, u, characterId, 'second', { sse: true })).body);
    expect(peer.requests.length).toBe(asked + 2);
    expect(events.filter((e) => e.event === 'token')).toEqual([]);
    expect(events.at(-1)).toMatchObject({
      event: 'error',
      data: { message: 'The model only thought and wrote no reply, twice. Try again, or rephrase your message.' },
    });
    const after = (await t.app.inject({ url: `/api/chat/${characterId}`, headers: u.auth })).json() as ChatSession;
    expect(after.cost.balance).toBe(5);
    expect(after.messages.at(-1)).toMatchObject({ role: 'user', content: 'second' });
    expect(JSON.stringify(after.messages)).not.toMatch(/think about it/);
  });

  it('sends one system message and alternating turns: a user turn before the greeting', async () => {
    peer.behave({ kind: 'reply', parts: ['Hi.'] });
    const u = await buildUser(t);
    await send(t, u, characterId, 'Hello there yourself.');
    const sent = peer.requests.at(-1)!.body.messages as Array<{ role: string; content: string }>;
    expect(sent.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(sent[1]!.content).toBe('(The conversation begins.)');
    expect(sent[2]!.content).toBe('Hello there.');
  });

  it("answers 422 naming the numbers when the server's context cannot hold the character", async () => {
    const small = await startOpenAiPeer();
    small.props(200);
    const t2 = await createTestApp({ LLM_PROVIDER: 'openai', LLM_BASE_URL: small.baseUrl, LLM_MODEL: 'peer-model', LLM_RETRIES: '0' });
    try {
      const o = await buildUser(t2);
      const big = await buildCharacter(t2, o, { name: 'Verbose', description: 'A very detailed sheet. '.repeat(60) });
      const res = await send(t2, o, big.id, 'hello');
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toMatch(
        /^The character needs \d+ tokens for its instructions, sheet and pinned memory, but the model's context leaves 136 tokens for the prompt \(200 tokens less 64 for the reply\)\. This model's context is too small for this character; nothing was charged\.$/,
      );
      expect(small.requests).toHaveLength(0);
      const status = (await t2.app.inject({ url: '/api/chat/status' })).json() as { contextSize: number };
      expect(status.contextSize).toBe(200);
    } finally {
      await t2.close();
      await small.close();
    }
  });

  it('answers a message left without a reply (a reply lost on the way) when asked to regenerate', async () => {
    const u = await buildUser(t);
    peer.behave({ kind: 'break', parts: [] });
    const lost = parseSse((await send(t, u, characterId, 'Are you there?', { sse: true })).body);
    expect(lost.at(-1)!.event).toBe('error');
    const before = (await t.app.inject({ url: `/api/chat/${characterId}`, headers: u.auth })).json() as ChatSession;
    expect(before.messages.at(-1)).toMatchObject({ role: 'user', content: 'Are you there?' });
    expect(before.cost.freeLeft).toBe(50);
    peer.behave({ kind: 'reply', parts: ['I', ' am', ' here.'] });
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/chat/${characterId}/regenerate`,
      headers: u.auth,
      payload: { conversationId: before.conversation.id },
    });
    expect(again.statusCode).toBe(200);
    const body = again.json() as ChatReply;
    expect(body.userMessage).toBeNull();
    expect(body.reply).toMatchObject({ role: 'assistant', content: 'I am here.', swipes: ['I am here.'] });
    const after = (await t.app.inject({ url: `/api/chat/${characterId}`, headers: u.auth })).json() as ChatSession;
    expect(after.messages.map((m) => m.content).slice(-2)).toEqual(['Are you there?', 'I am here.']);
    expect(after.cost.freeLeft).toBe(49);
  });

  /** The id of the one reply the user has being written (its progress row). */
  const progressReplyId = async (userId: string) => {
    await expect.poll(async () => (await t.deps.uow.repos.replyProgress.repliesInProgress(userId)).length).toBe(1);
    return (await t.deps.uow.repos.replyProgress.repliesInProgress(userId))[0]!.replyId;
  };

  it('sends the first words at once, then what the model wrote meanwhile in a few batches', async () => {
    const u = await buildUser(t);
    let release!: () => void;
    const rest = Array.from({ length: 40 }, (_, i) => ` w${i}`);
    peer.behave({ kind: 'gated', first: 'Once', release: new Promise<void>((r) => (release = r)), rest });
    const tokens: string[] = [];
    await new Promise<void>((resolve, reject) => {
      const req = http.request(
        `${base}/api/chat/${characterId}/message`,
        { method: 'POST', headers: { ...u.auth, 'content-type': 'application/json', accept: 'text/event-stream' } },
        (res) => {
          let buffer = '';
          res.setEncoding('utf8');
          res.on('data', (c: string) => {
            buffer += c;
            for (const e of parseSse(buffer.slice(0, buffer.lastIndexOf('\n\n') + 2)))
              if (e.event === 'token') tokens.push(e.data.text as string);
            buffer = buffer.slice(buffer.lastIndexOf('\n\n') + 2);
            // The model holds the rest back until the first words have reached us: they were not delayed.
            if (tokens.length === 1) release();
          });
          res.on('end', () => resolve());
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(JSON.stringify({ content: 'Tell me a story.' }));
    });
    expect(tokens[0]).toBe('Once');
    expect(tokens.join('')).toBe(`Once${rest.join('')}`);
    // 40 pieces that arrived at once went out as far fewer events.
    expect(tokens.length).toBeLessThanOrEqual(4);
  });

  it('stops reading the model while the client does not read, and Stop still ends it', async () => {
    const u = await buildUser(t);
    const times = 20_000; // 20,000 pieces of 2 KB: more than every socket buffer in between
    peer.behave({ kind: 'flood', piece: 'z'.repeat(2048), times });
    let res!: http.IncomingMessage;
    const req = http.request(`${base}/api/chat/${characterId}/message`, {
      method: 'POST',
      headers: { ...u.auth, 'content-type': 'application/json', accept: 'text/event-stream' },
    });
    req.on('error', () => {});
    await new Promise<void>((resolve) => {
      req.on('response', (r) => {
        res = r;
        r.once('data', () => {
          r.pause();
          resolve();
        });
      });
      req.end(JSON.stringify({ content: 'Say z a lot.' }));
    });
    const upstream = peer.requests.at(-1)!;
    // The model server's writes stall: it cannot send what nobody reads.
    let before = -1;
    await expect
      .poll(
        async () => {
          const now = upstream.written;
          await new Promise((r) => setTimeout(r, 300));
          const stalled = upstream.written === now && now === before;
          before = upstream.written;
          return stalled;
        },
        { timeout: 15_000, interval: 10 },
      )
      .toBe(true);
    expect(upstream.written).toBeLessThan(times / 2);
    expect(upstream.closedAt).toBeUndefined();
    // Reading again lets it go on.
    res.resume();
    await expect.poll(() => upstream.written, { timeout: 5000 }).toBeGreaterThan(before);
    // The reply goes on when its client leaves (reply-away.routes.test.ts); the user's Stop ends it.
    const replyId = await progressReplyId(u.user.id);
    const abortedAt = performance.now();
    expect((await t.app.inject({ method: 'POST', url: `/api/chat/replies/${replyId}/stop`, headers: u.auth })).statusCode).toBe(200);
    await expect.poll(() => upstream.closedAt, { timeout: 2000 }).toBeDefined();
    expect(upstream.closedAt! - abortedAt).toBeLessThan(1000);
    req.destroy();
  }, 40_000);

  it('aborts the upstream request within a second of Stop, and allows at most 2 in flight', async () => {
    const u = await buildUser(t);
    // Refused requests hold no slot: three 404s first (a conversation that is not theirs), then two replies run.
    const other = await buildUser(t);
    const theirs = (await t.app.inject({ url: `/api/chat/${characterId}`, headers: other.auth })).json() as ChatSession;
    for (let i = 0; i < 3; i++) {
      expect((await send(t, u, characterId, 'peek', { conversationId: theirs.conversation.id })).statusCode).toBe(404);
    }
    peer.behave({ kind: 'endless', everyMs: 50 });
    const controllers = [new AbortController(), new AbortController()];
    const streams = controllers.map((c) =>
      fetch(`${base}/api/chat/${characterId}/message`, {
        method: 'POST',
        headers: { ...u.auth, 'content-type': 'application/json', accept: 'text/event-stream' },
        body: JSON.stringify({ content: 'go on forever' }),
        signal: c.signal,
      }),
    );
    const responses = await Promise.all(streams);
    expect(responses.map((r) => r.status)).toEqual([200, 200]);
    // A third while two are generating: 429.
    const third = await send(t, u, characterId, 'and another');
    expect(third.statusCode).toBe(429);
    expect(third.json().message).toMatch(/replies being written/);
    const upstream = peer.requests.slice(-2);
    const replyIds = (await t.deps.uow.repos.replyProgress.repliesInProgress(u.user.id)).map((p) => p.replyId);
    expect(replyIds).toHaveLength(2);
    const abortedAt = performance.now();
    for (const id of replyIds) {
      expect((await t.app.inject({ method: 'POST', url: `/api/chat/replies/${id}/stop`, headers: u.auth })).statusCode).toBe(200);
    }
    for (const c of controllers) c.abort();
    await new Promise((r) => setTimeout(r, 1000));
    for (const r of upstream) {
      expect(r.closedAt).toBeDefined();
      expect(r.closedAt! - abortedAt).toBeLessThan(1000);
    }
    // The slots are free again.
    peer.behave({ kind: 'reply', parts: ['back'] });
    await new Promise((r) => setTimeout(r, 200));
    expect((await send(t, u, characterId, 'hello again')).statusCode).toBe(200);
  });
});
