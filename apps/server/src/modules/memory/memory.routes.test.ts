// Memory that recalls (issue 41), through the real routes: every message indexed after send, edit, swipe, delete and
// branch (the `memory-index` queue), recall into the one pipeline's prompt (read from the model peer) and the
// inspector, never what is in the context window nor another user's messages, and the per-conversation switch.
// The embedder is the deterministic test one (test/hash-embedder.ts); the model a loopback OpenAI-compatible peer.
import type { ChatReply, ForkResult, InspectionResponse, RebuiltPrompt } from '@reverie/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCharacter, buildUser, type BuiltUser } from '../../../test/factories.ts';
import { HashEmbedder } from '../../../test/hash-embedder.ts';
import { catalogFile, createTestApp, type TestApp } from '../../../test/helpers.ts';
import { startOpenAiPeer, type OpenAiPeer } from '../../../test/openai-peer.ts';

const MODEL = 'test:hash';
const FACT = 'My cat is called Miso and she adores tuna.';

describe('memory: the index of every message and recall into the prompt', () => {
  let t: TestApp;
  let peer: OpenAiPeer;
  let alice: BuiltUser;
  let bob: BuiltUser;
  let characterId: string;
  let conversationId: string;
  let factId: string;
  const embedder = new HashEmbedder();

  beforeAll(async () => {
    peer = await startOpenAiPeer();
    const file = await catalogFile('memory-recall', { chatMessage: 0, dailyFreeMessages: 10_000, plans: 'free' });
    t = await createTestApp(
      { LLM_PROVIDER: 'openai', LLM_BASE_URL: peer.baseUrl, LLM_MODEL: 'peer-model', LLM_RETRIES: '0', BILLING_CATALOG_FILE: file },
      undefined,
      { embedder },
    );
    alice = await buildUser(t);
    bob = await buildUser(t);
    characterId = (await buildCharacter(t, alice, { name: 'Lena', visibility: 'public' })).id;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await peer?.close();
  });

  const send = async (u: BuiltUser, content: string, conversation?: string) => {
    const payload = { content, ...(conversation ? { conversationId: conversation } : {}) };
    const res = await t.app.inject({ method: 'POST', url: `/api/chat/${characterId}/message`, headers: u.auth, payload });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as ChatReply;
  };
  const repo = () => t.deps.uow.repos.memory;
  const messageCount = async (id: string) => (await t.deps.uow.repos.chat.conversation(id))!.messageCount;
  /** Waits until the queue has indexed `expected` messages of the conversation. */
  async function indexed(id: string, expected: () => Promise<number>) {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const [n, want] = [await repo().indexedCount(id, MODEL), await expected()];
      if (n === want && (await repo().staleMessages(id, MODEL, 1)).length === 0) return n;
      if (Date.now() > deadline) throw new Error(`indexed ${n} of ${want}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  /** The system message of the last reply's request (the summary job asks the model too: its requests are skipped). */
  const lastSystemPrompt = () => {
    const replies = peer.requests.filter((r) => JSON.stringify(r.body.messages).includes('fictional roleplay chat'));
    const messages = replies.at(-1)!.body.messages as { role: string; content: string }[];
    return messages.find((m) => m.role === 'system')!.content;
  };

  it('indexes every message after it is sent (the queue, not the request)', async () => {
    peer.behave({ kind: 'reply', parts: ['How lovely.'] });
    const first = await send(alice, FACT);
    conversationId = first.reply.conversationId;
    factId = first.userMessage!.id;
    // Far more than the free plan's 20 messages of history: the fact leaves the context window.
    for (let i = 0; i < 12; i++) await send(alice, `Tell me about the weather on day ${i + 1}.`);
    const n = await indexed(conversationId, () => messageCount(conversationId));
    expect(n).toBeGreaterThanOrEqual(26);
  }, 60_000);

  it('recalls the fact from outside the context window, by words and meaning, and the inspector says so', async () => {
    // In the window, and about cats too: never recalled (it is already in the prompt).
    const near = await send(alice, 'My neighbour has a cat as well.');
    const reply = await send(alice, 'What is my cat called?');
    const system = lastSystemPrompt();
    expect(system).toContain('Recalled from earlier in this conversation:');
    expect(system).toContain('Miso');
    await t.deps.background.drain(); // the inspection is written once the reply is saved
    const res = await t.app.inject({ url: `/api/messages/${reply.reply.id}/inspection`, headers: alice.auth });
    expect(res.statusCode, res.body).toBe(200);
    const recalled = (res.json() as InspectionResponse).inspection!.recalled;
    const fact = recalled.find((p) => p.messageId === factId);
    expect(fact).toMatchObject({ role: 'user', content: FACT, why: 'both' });
    expect(fact!.score).toBeGreaterThan(0);
    expect(fact!.createdAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(recalled.map((p) => p.messageId)).not.toContain(near.userMessage!.id);
    // The best passage first; the others are there because they share a word or a meaning with the question.
    expect(recalled[0]!.messageId).toBe(factId);
    // The inspector's rebuilt prompt has the same passages, in the same lines, as the model got.
    const rebuilt = await t.app.inject({ url: `/api/messages/${reply.reply.id}/inspection/prompt`, headers: alice.auth });
    expect((rebuilt.json() as RebuiltPrompt).messages.find((m) => m.role === 'system')?.content).toBe(system);
    // Another user cannot read the inspection (the same 404 as a missing message).
    expect((await t.app.inject({ url: `/api/messages/${reply.reply.id}/inspection`, headers: bob.auth })).statusCode).toBe(404);
  }, 60_000);

  it("never recalls another user's messages", async () => {
    peer.behave({ kind: 'reply', parts: ['Noted.'] });
    const bobs = await send(bob, 'My cat is called Pepper and she adores salmon.');
    for (let i = 0; i < 11; i++) await send(bob, `Bob talks about trains, part ${i + 1}.`);
    await indexed(bobs.reply.conversationId, () => messageCount(bobs.reply.conversationId));
    const reply = await send(alice, 'What does my cat adore?');
    const system = lastSystemPrompt();
    expect(system).toContain('Miso');
    expect(system).not.toContain('Pepper');
    await t.deps.background.drain();
    const res = await t.app.inject({ url: `/api/messages/${reply.reply.id}/inspection`, headers: alice.auth });
    const ids = (res.json() as InspectionResponse).inspection!.recalled.map((p) => p.messageId);
    expect(ids).not.toContain(bobs.userMessage!.id);
  }, 60_000);

  it('keeps the index true after an edit, a delete and a branch', async () => {
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/chat/${characterId}/message/${factId}`,
      headers: alice.auth,
      payload: { content: 'My dog is called Biscuit.' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    await indexed(conversationId, () => messageCount(conversationId));
    await send(alice, 'What is my cat called?', conversationId);
    expect(lastSystemPrompt()).not.toContain('Miso');
    // A swipe: the reply's text changes, so its vector is stale until the job embeds the new text.
    peer.behave({ kind: 'reply', parts: ['A different answer altogether.'] });
    const swipe = await t.app.inject({
      method: 'POST',
      url: `/api/chat/${characterId}/regenerate`,
      headers: alice.auth,
      payload: { conversationId },
    });
    expect(swipe.statusCode, swipe.body).toBe(200);
    expect((swipe.json() as ChatReply).reply.content).toBe('A different answer altogether.');
    await indexed(conversationId, () => messageCount(conversationId));
    // Deleting a message takes its vector with it.
    const before = await indexed(conversationId, () => messageCount(conversationId));
    const del = await t.app.inject({ method: 'DELETE', url: `/api/chat/${characterId}/message/${factId}`, headers: alice.auth });
    expect(del.statusCode, del.body).toBeLessThan(300);
    expect(await repo().indexedCount(conversationId, MODEL)).toBe(before - 1);
    // A branch is a new conversation: its copies come with their vectors (the fork copies them; nothing is embedded
    // again).
    const history = await t.deps.uow.repos.chat.messagesNewestFirst(conversationId, 5);
    const embeddedBefore = embedder.embedded;
    const fork = await t.app.inject({
      method: 'POST',
      url: `/api/conversations/${conversationId}/branches`,
      headers: alice.auth,
      payload: { messageId: history[3]!.id },
    });
    expect(fork.statusCode, fork.body).toBe(201);
    const branchId = (fork.json() as ForkResult).branch.id;
    expect(await repo().indexedCount(branchId, MODEL)).toBe(await messageCount(branchId));
    expect(await indexed(branchId, () => messageCount(branchId))).toBeGreaterThan(20);
    await t.deps.background.drain();
    expect(embedder.embedded).toBe(embeddedBefore);
  }, 60_000);

  it('turns recall off and on per conversation; only its owner may', async () => {
    const url = `/api/conversations/${conversationId}/recall`;
    expect((await t.app.inject({ method: 'PUT', url, headers: bob.auth, payload: { enabled: false } })).statusCode).toBe(404);
    const bad = await t.app.inject({ method: 'PUT', url, headers: alice.auth, payload: { enabled: 'no' } });
    expect(bad.statusCode).toBe(400);
    const off = await t.app.inject({ method: 'PUT', url, headers: alice.auth, payload: { enabled: false } });
    expect(off.json()).toEqual({ enabled: false });
    const mem = await t.app.inject({ url: `/api/conversations/${conversationId}/memory`, headers: alice.auth });
    expect(mem.json()).toMatchObject({ recall: false });
    await send(alice, 'Remember the weather on day 3?', conversationId);
    expect(lastSystemPrompt()).not.toContain('Recalled from earlier');
    await t.app.inject({ method: 'PUT', url, headers: alice.auth, payload: { enabled: true } });
    await send(alice, 'Remember the weather on day 3?', conversationId);
    expect(lastSystemPrompt()).toContain('Recalled from earlier');
  }, 60_000);
});
