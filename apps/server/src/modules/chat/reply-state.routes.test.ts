// Money and state around a reply (issue #25): progress saved while a reply is written, replies left by a process
// that died (words kept as incomplete, or the charge refunded and "Get a reply" free), one conversation for parallel
// first messages. The real kill -9 of a server process is e2e/chat-crash.e2e.ts.
import type { ChatReply, ChatSession } from '@reverie/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogFile, createTestApp, type TestApp } from '../../../test/helpers.ts';
import { buildCharacter, buildUser, type BuiltUser } from '../../../test/factories.ts';
import { startOpenAiPeer, type OpenAiPeer } from '../../../test/openai-peer.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('money and state around a reply', () => {
  let t: TestApp;
  let peer: OpenAiPeer;
  let owner: BuiltUser;
  let characterId: string;
  let base: string;

  beforeAll(async () => {
    peer = await startOpenAiPeer();
    // No free messages: every reply costs 2 coins, so refunds show in the balance.
    const file = await catalogFile('reply-state', { chatMessage: 2, dailyFreeMessages: 0 });
    t = await createTestApp({
      LLM_PROVIDER: 'openai',
      LLM_BASE_URL: peer.baseUrl,
      LLM_MODEL: 'peer-model',
      LLM_RETRIES: '0',
      BILLING_CATALOG_FILE: file,
      CHAT_PROGRESS_MS: '400',
      CHAT_IN_FLIGHT_PER_USER: '10',
    });
    owner = await buildUser(t);
    characterId = (await buildCharacter(t, owner, { name: 'Steady Person' })).id;
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    await t.close();
    await peer.close();
  });

  const session = async (u: BuiltUser) => (await t.app.inject({ url: `/api/chat/${characterId}`, headers: u.auth })).json() as ChatSession;
  const progressRows = (userId: string) => t.deps.uow.repos.replyProgress.repliesInProgress(userId);
  const refunds = async (userId: string) =>
    (await t.deps.uow.repos.ledger.history(userId, 100)).filter((e) => e.reason === 'allowance_refund').length;

  /** A reply a process was writing when it died: the user's message saved and charged, the words so far `words`. */
  async function leftByDeadProcess(u: BuiltUser, kind: 'send' | 'regenerate' | 'continue', words: string) {
    const s = await session(u);
    const { chat, replyProgress } = t.deps.uow.repos;
    const chargeKey = `chat-dead-${Math.random().toString(36).slice(2)}`;
    await t.modules.billing.services.entitlements.consumeChatAllowanceOrCharge(u.user.id, chargeKey);
    let userMessageId: string | null = null;
    let replyId: string;
    if (kind === 'send') {
      userMessageId = (await chat.insertMessage({ conversationId: s.conversation.id, role: 'user', content: 'Where were we?' })).id;
      replyId = crypto.randomUUID();
    } else {
      replyId = s.messages.at(-1)!.id;
    }
    const id = crypto.randomUUID();
    const renewOnce = (text: string) => replyProgress.renewProgress([{ id, from: 0, added: text }]);
    await replyProgress.insertProgress({
      id,
      userId: u.user.id,
      replyId,
      chargeKey,
      conversationId: s.conversation.id,
      kind,
      newReply: kind === 'send',
      userMessageId,
    });
    await renewOnce(words);
    // Nobody renews the row again (its process is gone): after three CHAT_PROGRESS_MS it is stale.
    await sleep(1400);
    return { conversationId: s.conversation.id, replyId };
  }

  it('saves the streamed words every few seconds while a reply is written, and drops them once the reply is saved', async () => {
    const u = await buildUser(t, { coins: 10 });
    peer.behave({ kind: 'endless', everyMs: 40 });
    const stop = new AbortController();
    const res = await fetch(`${base}/api/chat/${characterId}/message`, {
      method: 'POST',
      headers: { ...u.auth, 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ content: 'Go on and on.' }),
      signal: stop.signal,
    });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    void (async () => {
      for (;;) if ((await reader.read().catch(() => ({ done: true }))).done) return;
    })();
    // The row exists from the start and is renewed with the words so far.
    await expect.poll(async () => (await progressRows(u.user.id))[0]?.text ?? '', { timeout: 5000 }).toMatch(/more more/);
    const first = (await progressRows(u.user.id))[0]!.text;
    await expect.poll(async () => (await progressRows(u.user.id))[0]!.text.length, { timeout: 5000 }).toBeGreaterThan(first.length);
    // Stop (the reply goes on when its page is left: reply-away.routes.test.ts) saves the reply (incomplete,
    // charged: it had words) and ends the row.
    const [writing] = await progressRows(u.user.id);
    expect((await t.app.inject({ method: 'POST', url: `/api/chat/replies/${writing!.replyId}/stop`, headers: u.auth })).statusCode).toBe(
      200,
    );
    stop.abort();
    await expect.poll(async () => (await session(u)).messages.at(-1)?.status, { timeout: 5000 }).toBe('incomplete');
    expect(await progressRows(u.user.id)).toEqual([]);
    expect((await session(u)).cost.balance).toBe(8);
  });

  it('a message whose process died before any word: refunded once (a ledger row), and its "Get a reply" is free', async () => {
    // From here on the sweeps are this test's own calls (as several processes would run them), not the timer's.
    await t.modules.chat.services.recovery.stop();
    const u = await buildUser(t, { coins: 10 });
    await leftByDeadProcess(u, 'send', '');
    expect((await session(u)).cost.balance).toBe(8);
    // Two processes sweep at once: one refund.
    const service = t.modules.chat.services.recovery;
    const swept = await Promise.all([service.recoverStale(), service.recoverStale()]);
    expect(swept.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await service.recoverStale()).toBe(0);
    const after = await session(u);
    expect(after.cost.balance).toBe(10);
    expect(await refunds(u.user.id)).toBe(1);
    expect(after.messages.at(-1)).toMatchObject({ role: 'user', content: 'Where were we?' });
    expect(after.freeReply).toBe(true);

    // "Get a reply": free (no charge), the reply saved as usual.
    peer.behave({ kind: 'reply', parts: ['Right', ' here.'] });
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/chat/${characterId}/regenerate`,
      headers: u.auth,
      payload: { conversationId: after.conversation.id },
    });
    expect(again.statusCode).toBe(200);
    expect((again.json() as ChatReply).reply).toMatchObject({ role: 'assistant', content: 'Right here.', status: 'complete' });
    const paid = await session(u);
    expect(paid.cost.balance).toBe(10);
    expect(paid.freeReply).toBe(false);
    // Free once: the next regenerate costs as usual.
    const next = await t.app.inject({
      method: 'POST',
      url: `/api/chat/${characterId}/regenerate`,
      headers: u.auth,
      payload: { conversationId: after.conversation.id },
    });
    expect(next.statusCode).toBe(200);
    expect((await session(u)).cost.balance).toBe(8);
    expect(await progressRows(u.user.id)).toEqual([]);
  });

  it('a message whose process died mid-reply: the words saved as an incomplete reply that can be continued; the charge stays', async () => {
    const u = await buildUser(t, { coins: 10 });
    const { replyId } = await leftByDeadProcess(u, 'send', 'The storm rolled in over the');
    await t.modules.chat.services.recovery.recoverStale();
    const s = await session(u);
    expect(s.messages.at(-1)).toMatchObject({
      id: replyId,
      role: 'assistant',
      status: 'incomplete',
      content: 'The storm rolled in over the',
    });
    expect(s.cost.balance).toBe(8);
    expect(s.freeReply).toBe(false);
    expect(await refunds(u.user.id)).toBe(0);
    peer.behave({ kind: 'reply', parts: [' hills.'] });
    const more = await t.app.inject({
      method: 'POST',
      url: `/api/chat/${characterId}/continue`,
      headers: u.auth,
      payload: { conversationId: s.conversation.id },
    });
    expect(more.statusCode).toBe(200);
    expect((more.json() as ChatReply).reply).toMatchObject({ content: 'The storm rolled in over the hills.', status: 'complete' });
  });

  it('regenerate and continue follow the same rule: words become an incomplete swipe or addition, none are refunded', async () => {
    const u = await buildUser(t, { coins: 10 });
    peer.behave({ kind: 'reply', parts: ['First', ' answer.'] });
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/chat/${characterId}/message`, headers: u.auth, payload: { content: 'Hi' } }))
        .statusCode,
    ).toBe(200);
    expect((await session(u)).cost.balance).toBe(8);
    const service = t.modules.chat.services.recovery;

    await leftByDeadProcess(u, 'regenerate', 'Second ans');
    await service.recoverStale();
    let last = (await session(u)).messages.at(-1)!;
    expect(last).toMatchObject({ content: 'Second ans', status: 'incomplete', swipes: ['First answer.', 'Second ans'], swipeIndex: 1 });
    expect((await session(u)).cost.balance).toBe(6);

    await leftByDeadProcess(u, 'continue', 'wer, at last.');
    await service.recoverStale();
    last = (await session(u)).messages.at(-1)!;
    expect(last).toMatchObject({ content: 'Second ans wer, at last.', status: 'incomplete' });
    expect((await session(u)).cost.balance).toBe(4);

    await leftByDeadProcess(u, 'regenerate', '');
    await service.recoverStale();
    last = (await session(u)).messages.at(-1)!;
    expect(last.swipes).toHaveLength(2);
    expect((await session(u)).cost.balance).toBe(4);
    expect(await refunds(u.user.id)).toBe(1);
  });

  it('ten parallel first messages to a character open one conversation', async () => {
    const u = await buildUser(t, { coins: 40 });
    const fresh = (await buildCharacter(t, owner, { name: 'Crowded Person' })).id;
    peer.behave({ kind: 'reply', parts: ['Hello', '.'] });
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        t.app.inject({ method: 'POST', url: `/api/chat/${fresh}/message`, headers: u.auth, payload: { content: `Hello ${i}` } }),
      ),
    );
    // Every message was taken (none refused). Under heavy machine load the local peer has been seen to fail one
    // request (502, refunded): the one-conversation check below does not depend on the replies.
    expect(answers.filter((a) => a.statusCode < 500).map((a) => a.statusCode)).toEqual(
      answers.filter((a) => a.statusCode < 500).map(() => 200),
    );
    const list = (await t.app.inject({ url: `/api/chat/${fresh}/conversations`, headers: u.auth })).json() as { items: unknown[] };
    expect(list.items).toHaveLength(1);
    // The greeting once, then the ten messages, all in it.
    const s = (await t.app.inject({ url: `/api/chat/${fresh}`, headers: u.auth })).json() as ChatSession;
    expect(s.messages.filter((m) => m.role === 'user')).toHaveLength(10);
    expect(s.messages.filter((m) => m.role === 'assistant' && /Hello/.test(m.content)).length).toBe(
      1 + answers.filter((a) => a.statusCode === 200).length,
    );
  });

  it('a refused reply keeps no progress row and charges nothing', async () => {
    const u = await buildUser(t, { coins: 1 });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/chat/${characterId}/message`,
      headers: u.auth,
      payload: { content: 'Hi' },
    });
    expect(res.statusCode).toBe(402);
    expect(await progressRows(u.user.id)).toEqual([]);
  });
  it('a conversation deleted while its reply streams: the reply is refunded, as the error says (#47.10)', async () => {
    const u = await buildUser(t, { coins: 10 });
    const s = await session(u);
    let release!: () => void;
    peer.behave({ kind: 'gated', first: 'Wait', release: new Promise<void>((r) => (release = r)), rest: [' for it.'] });
    const before = peer.requests.length;
    const entries = async () => (await t.deps.uow.repos.ledger.history(u.user.id, 100)).length;
    const entriesBefore = await entries();
    const reply = t.app.inject({
      method: 'POST',
      url: `/api/chat/${characterId}/message`,
      headers: u.auth,
      payload: { content: 'Tell me more.', conversationId: s.conversation.id },
    });
    // The model is asked while the message is charged: deleted before the charge, the message is refused and costs
    // nothing. This case is a deletion once the reply is paid for and streaming.
    while (peer.requests.length === before || (await entries()) === entriesBefore) await new Promise((r) => setTimeout(r, 10));
    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/conversations/${s.conversation.id}`, headers: u.auth });
    expect(deleted.statusCode).toBe(200);
    release();
    expect((await reply).statusCode).toBeGreaterThanOrEqual(400);
    expect(await refunds(u.user.id)).toBe(1);
    expect(await progressRows(u.user.id)).toEqual([]);
  });
});
