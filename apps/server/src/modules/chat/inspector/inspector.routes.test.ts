// "Why this reply" over HTTP: what a real generation recorded (the tiny GGUF through llama.cpp), who may read it, the
// rebuilt prompt, and the inspector's actions taking effect on the next prompt the model server receives (local peer).
import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { ChatReply, ChatSession, InspectionResponse, LoreToggles, RebuiltPrompt } from '@reverie/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers.ts';
import { buildCharacter, buildUser, type BuiltUser } from '../../../../test/factories.ts';
import { startOpenAiPeer, type OpenAiPeer } from '../../../../test/openai-peer.ts';
import { loadCatalog } from '../../billing/catalog.ts';

const BOOK = {
  entries: [
    { id: 7, name: 'The lantern', keys: ['lantern', 'lamp'], content: "Mira's lantern was her mother's.", enabled: true },
    { name: 'Harbor', keys: ['harbor'], content: 'The harbor froze last winter.', enabled: true },
    { name: 'Gulls', keys: ['gull'], content: 'Gulls nest on the old pier.', enabled: true },
  ],
};

async function characterWithBook(t: TestApp, owner: BuiltUser, name: string): Promise<string> {
  const c = await buildCharacter(t, owner, { name, description: 'A lighthouse keeper.' });
  await t.deps.uow.repos.characters.update(c.id, {
    personality: 'Calm and curious.',
    scenario: 'A stormy night at the lighthouse.',
    characterBook: BOOK,
  });
  return c.id;
}

async function send(t: TestApp, u: BuiltUser, characterId: string, content: string): Promise<ChatReply> {
  const res = await t.app.inject({ method: 'POST', url: `/api/chat/${characterId}/message`, headers: u.auth, payload: { content } });
  expect(res.statusCode, res.body).toBe(200);
  await t.deps.background.drain(); // the inspection is written once the reply is saved
  return res.json() as ChatReply;
}

async function inspect(t: TestApp, u: BuiltUser, messageId: string, query = '') {
  return t.app.inject({ url: `/api/messages/${messageId}/inspection${query}`, headers: u.auth });
}

async function rebuilt(t: TestApp, u: BuiltUser, messageId: string): Promise<RebuiltPrompt> {
  const res = await t.app.inject({ url: `/api/messages/${messageId}/inspection/prompt`, headers: u.auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as RebuiltPrompt;
}

const putMemory = (t: TestApp, u: BuiltUser, conversationId: string, summary: string, pinned: string[]) =>
  t.app.inject({ method: 'PUT', url: `/api/conversations/${conversationId}/memory`, headers: u.auth, payload: { summary, pinned } });

const toggleLore = (t: TestApp, u: BuiltUser, conversationId: string, entryId: string, enabled: boolean) =>
  t.app.inject({ method: 'PUT', url: `/api/conversations/${conversationId}/lore`, headers: u.auth, payload: { entryId, enabled } });

describe('the inspector on a real generation (tiny GGUF)', () => {
  let t: TestApp;
  let owner: BuiltUser;
  let alice: BuiltUser;
  let bob: BuiltUser;
  let characterId: string;

  beforeAll(async () => {
    // One free message a day, then 2 coins a message: both kinds of charge in two messages.
    const catalog = loadCatalog(undefined);
    const file = path.join(os.tmpdir(), `reverie-inspector-catalog-${process.pid}.json`);
    await writeFile(
      file,
      JSON.stringify({
        costs: { ...catalog.costs, chatMessage: 2 },
        plans: catalog.plans.map((p) => (p.id === 'free' ? { ...p, permissions: { ...p.permissions, dailyFreeMessages: 1 } } : p)),
      }),
    );
    t = await createTestApp({ BILLING_CATALOG_FILE: file });
    owner = await buildUser(t);
    alice = await buildUser(t, { coins: 10 });
    bob = await buildUser(t);
    characterId = await characterWithBook(t, owner, 'Mira Vale');
  }, 60_000);
  afterAll(() => t.close());

  it('records the parts with their tokens, the lore with the key that triggered it, the history, the numbers and the charge', async () => {
    const first = await send(t, alice, characterId, 'Where did you find that old lamp?');
    const res = await inspect(t, alice, first.reply.id);
    expect(res.statusCode).toBe(200);
    const body = res.json() as InspectionResponse;
    expect(body).toMatchObject({ messageId: first.reply.id, conversationId: first.reply.conversationId, swipeIndex: 0, disabledLore: [] });
    const i = body.inspection!;
    expect(i.kind).toBe('send');
    expect(i.parts.map((p) => p.name)).toEqual(['instructions', 'description', 'personality', 'scenario', 'lore', 'history']);
    for (const p of i.parts) expect(p.tokens).toBeGreaterThan(0);
    // Only the entry whose key is in the message, with that key and its id from the card.
    expect(i.lore).toEqual([{ id: '7', name: 'The lantern', key: 'lamp', tokens: expect.any(Number), position: 'after_char' }]);
    // The greeting and the message.
    expect(i.history).toEqual({ included: 2, leftOut: 0 });
    expect(i.facts).toEqual({ count: 0, tokens: 0 });
    expect(i.summary).toEqual({ used: false, tokens: 0 });
    expect(i.provider).toBe('embedded');
    expect(i.model).toMatch(/\.gguf$|tiny/i);
    expect(i.contextSize).toBe(1024);
    expect(i.tokens.in).toBeGreaterThan(i.parts.reduce((n, p) => n + p.tokens, 0) / 2);
    expect(i.tokens.out).toBe(first.stats.tokens);
    expect(i.firstTokenMs).toBeGreaterThan(0);
    expect(i.firstTokenMs!).toBeLessThanOrEqual(i.totalMs);
    expect(i.tokensPerSecond).toBeGreaterThan(0);
    expect(i.charge).toEqual({ kind: 'free', coins: 0 });

    // The second message of the day costs coins; it sees more history.
    const second = await send(t, alice, characterId, 'And the harbor?');
    const j = ((await inspect(t, alice, second.reply.id)).json() as InspectionResponse).inspection!;
    expect(j.charge).toEqual({ kind: 'coins', coins: 2 });
    // Greeting, message, reply, message: the tiny model's long gibberish replies leave some of it out of 1,024 tokens.
    expect(j.history.included + j.history.leftOut).toBe(4);
    expect(j.history.included).toBeGreaterThanOrEqual(1);
    expect(j.lore.map((l) => [l.name, l.key])).toEqual([
      ['The lantern', 'lamp'],
      ['Harbor', 'harbor'],
    ]);
  }, 120_000);

  it('answers only the conversation owner (404 for anyone else, for a user message and for an unknown id)', async () => {
    const mine = await send(t, bob, characterId, 'Hello, gull.');
    expect((await inspect(t, bob, mine.reply.id)).statusCode).toBe(200);
    const other = await inspect(t, alice, mine.reply.id);
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe('Message not found');
    expect((await t.app.inject({ url: `/api/messages/${mine.reply.id}/inspection/prompt`, headers: alice.auth })).statusCode).toBe(404);
    expect((await inspect(t, bob, mine.userMessage!.id)).statusCode).toBe(404);
    expect((await inspect(t, bob, randomUUID())).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/messages/${mine.reply.id}/inspection` })).statusCode).toBe(401);
    // Someone else's conversation cannot have its lore turned off either.
    expect((await toggleLore(t, alice, mine.reply.conversationId, '7', false)).statusCode).toBe(404);
  }, 120_000);

  it('says when nothing was recorded (a greeting, a reply from before the inspector) and refuses a bad swipe', async () => {
    const session = (await t.app.inject({ url: `/api/chat/${characterId}`, headers: bob.auth })).json() as ChatSession;
    const greeting = session.messages[0]!;
    const res = await inspect(t, bob, greeting.id);
    expect(res.statusCode).toBe(200);
    expect((res.json() as InspectionResponse).inspection).toBeNull();
    const full = await t.app.inject({ url: `/api/messages/${greeting.id}/inspection/prompt`, headers: bob.auth });
    expect(full.statusCode).toBe(404);
    expect(full.json().message).toBe('Details of this reply not found');
    expect((await inspect(t, bob, greeting.id, '?swipe=abc')).statusCode).toBe(400);
  });

  it('rebuilds the full prompt on request and says what changed since', async () => {
    const u = await buildUser(t, { coins: 10 });
    const r = await send(t, u, characterId, 'Tell me about the lamp.');
    const p = await rebuilt(t, u, r.reply.id);
    const system = p.messages[0]!.content;
    expect(p.messages[0]!.role).toBe('system');
    expect(system).toContain('About Mira Vale:\nA test character\n\nA lighthouse keeper.');
    // Another creator's lorebook entry that came into play is named and sized, not quoted (#47.1; the creator's own
    // view is in inspector-privacy.routes.test.ts).
    expect(system).toMatch(/\[hidden: a lorebook entry of the creator's, \d+ tokens\]/);
    expect(system).not.toContain("Mira's lantern was her mother's.");
    expect(system).not.toContain('The harbor froze');
    expect(p.messages.at(-1)).toEqual({ role: 'user', content: 'Tell me about the lamp.' });
    expect(p.changes).toEqual([
      "Parts of this character's definition that its page does not show (the creator's instructions and lorebook) are named here, not quoted.",
    ]);
    // The creator sees the prompt as it was sent, entry quoted: as many tokens as recorded.
    const own = await send(t, owner, characterId, 'Tell me about the lamp.');
    const whole = await rebuilt(t, owner, own.reply.id);
    expect(whole.messages[0]!.content).toContain("Mira's lantern was her mother's.");
    const recorded = ((await inspect(t, owner, own.reply.id)).json() as InspectionResponse).inspection!;
    expect(whole.tokens).toBe(recorded.tokens.prompt);
    expect(whole.changes).toEqual([]);

    // A fact pinned and the lantern entry turned off since: the rebuilt text is today's, and the answer says so.
    expect((await putMemory(t, u, r.reply.conversationId, '', ['The lamp is blue.'])).statusCode).toBe(200);
    expect((await toggleLore(t, u, r.reply.conversationId, '7', false)).statusCode).toBe(200);
    const after = await rebuilt(t, u, r.reply.id);
    expect(after.messages[0]!.content).toContain('- The lamp is blue.');
    expect(after.changes).toEqual([
      'The lorebook entry "The lantern" is now off for this conversation.',
      "Parts of this character's definition that its page does not show (the creator's instructions and lorebook) are named here, not quoted.",
      'The pinned facts were changed since this reply.',
    ]);
  }, 120_000);

  it('goes with its message', async () => {
    const u = await buildUser(t, { coins: 10 });
    const r = await send(t, u, characterId, 'Goodbye.');
    expect((await inspect(t, u, r.reply.id)).json().inspection).not.toBeNull();
    const del = await t.app.inject({ method: 'DELETE', url: `/api/chat/${characterId}/message/${r.reply.id}`, headers: u.auth });
    expect(del.statusCode).toBe(200);
    expect(await t.deps.uow.repos.inspections.find(r.reply.id, 0)).toBeUndefined();
  }, 120_000);
});

describe("the inspector's actions take effect on the next prompt (local peer)", () => {
  let t: TestApp;
  let peer: OpenAiPeer;
  let owner: BuiltUser;
  let characterId: string;

  beforeAll(async () => {
    peer = await startOpenAiPeer();
    peer.behave({ kind: 'reply', parts: ['The', ' sea', ' is', ' calm.'] });
    t = await createTestApp({ LLM_PROVIDER: 'openai', LLM_BASE_URL: peer.baseUrl, LLM_MODEL: 'peer-model', LLM_RETRIES: '0' });
    owner = await buildUser(t);
    characterId = await characterWithBook(t, owner, 'Mira Vale');
  });
  afterAll(async () => {
    await t.close();
    await peer.close();
  });

  /** The system text of the last request the model server got. */
  const lastSystem = () => {
    const messages = peer.requests.at(-1)!.body.messages as Array<{ role: string; content: string }>;
    return messages.find((m) => m.role === 'system')!.content;
  };

  it('turning a lorebook entry off leaves it out of the next prompt and the next inspection; on again brings it back', async () => {
    const u = await buildUser(t);
    const first = await send(t, u, characterId, 'The lamp and the harbor.');
    expect(lastSystem()).toContain("Mira's lantern was her mother's.");
    const conv = first.reply.conversationId;
    const off = await toggleLore(t, u, conv, '7', false);
    expect(off.statusCode).toBe(200);
    expect(off.json() as LoreToggles).toEqual({ disabled: ['7'] });
    // Twice is the same as once.
    expect((await toggleLore(t, u, conv, '7', false)).json()).toEqual({ disabled: ['7'] });
    expect(((await inspect(t, u, first.reply.id)).json() as InspectionResponse).disabledLore).toEqual(['7']);

    const next = await send(t, u, characterId, 'Show me the lamp again, by the harbor.');
    expect(lastSystem()).not.toContain("Mira's lantern");
    expect(lastSystem()).toContain('The harbor froze last winter.');
    const i = ((await inspect(t, u, next.reply.id)).json() as InspectionResponse).inspection!;
    expect(i.lore.map((l) => l.name)).toEqual(['Harbor']);
    expect(i.provider).toBe('openai');
    expect(i.model).toBe('peer-model');

    // An entry without an id of its own is named by its place in the book.
    expect((await toggleLore(t, u, conv, '#2', false)).json()).toEqual({ disabled: ['7', '#2'] });
    expect((await toggleLore(t, u, conv, '7', true)).json()).toEqual({ disabled: ['#2'] });
    await send(t, u, characterId, 'The lamp, the harbor.');
    expect(lastSystem()).toContain("Mira's lantern was her mother's.");
    expect(lastSystem()).not.toContain('The harbor froze');
  });

  it('records each alternative of a reply on its own, and a continued one as its continuation', async () => {
    const u = await buildUser(t);
    const first = await send(t, u, characterId, 'The lamp, please.');
    const conversationId = first.reply.conversationId;
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/chat/${characterId}/regenerate`,
      headers: u.auth,
      payload: { conversationId },
    });
    expect(again.statusCode).toBe(200);
    await t.deps.background.drain();
    // The alternative shown (the new one) by default; the first one by its index.
    const shown = (await inspect(t, u, first.reply.id)).json() as InspectionResponse;
    expect(shown.swipeIndex).toBe(1);
    expect(shown.inspection!.kind).toBe('regenerate');
    expect(shown.inspection!.history).toEqual({ included: 2, leftOut: 0 });
    const original = (await inspect(t, u, first.reply.id, '?swipe=0')).json() as InspectionResponse;
    expect(original.inspection!.kind).toBe('send');
    expect((await inspect(t, u, first.reply.id, '?swipe=5')).json().inspection).toBeNull();

    const more = await t.app.inject({
      method: 'POST',
      url: `/api/chat/${characterId}/continue`,
      headers: u.auth,
      payload: { conversationId },
    });
    expect(more.statusCode).toBe(200);
    await t.deps.background.drain();
    const continued = ((await inspect(t, u, first.reply.id)).json() as InspectionResponse).inspection!;
    expect(continued.kind).toBe('continue');
    // The reply being continued is the last message of its history.
    expect(continued.history).toEqual({ included: 3, leftOut: 0 });
    expect((await rebuilt(t, u, first.reply.id)).changes).toContain(
      'This reply continued an earlier one: the history ends with that reply as it reads now.',
    );
  });

  it('refuses an entry the character does not have, and bad input, in words', async () => {
    const u = await buildUser(t);
    const r = await send(t, u, characterId, 'Hi.');
    const unknown = await toggleLore(t, u, r.reply.conversationId, '99', false);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Lorebook entry not found');
    const bad = await t.app.inject({
      method: 'PUT',
      url: `/api/conversations/${r.reply.conversationId}/lore`,
      headers: u.auth,
      payload: { entryId: 'x'.repeat(101), enabled: 'no' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('a pinned fact is in the next prompt, a dropped one is gone, an edited summary is what the next prompt carries', async () => {
    const u = await buildUser(t);
    const first = await send(t, u, characterId, 'Hello.');
    const conv = first.reply.conversationId;
    expect((await putMemory(t, u, conv, '', ['My name is Sam.', 'I fear the sea.'])).statusCode).toBe(200);
    const second = await send(t, u, characterId, 'Do you remember me?');
    expect(lastSystem()).toContain('Facts to remember:\n- My name is Sam.\n- I fear the sea.');
    const i = ((await inspect(t, u, second.reply.id)).json() as InspectionResponse).inspection!;
    expect(i.facts).toEqual({ count: 2, tokens: expect.any(Number) });
    expect(i.parts.map((p) => p.name)).toContain('pinnedFacts');

    expect((await putMemory(t, u, conv, '', ['My name is Sam.'])).statusCode).toBe(200);
    await send(t, u, characterId, 'And now?');
    expect(lastSystem()).toContain('- My name is Sam.');
    expect(lastSystem()).not.toContain('I fear the sea.');
  });

  it('an edited summary goes into the next prompt once the history no longer fits', async () => {
    const small = await startOpenAiPeer();
    small.props(700);
    small.behave({ kind: 'reply', parts: ['Waves '.repeat(40)] });
    const t2 = await createTestApp({ LLM_PROVIDER: 'openai', LLM_BASE_URL: small.baseUrl, LLM_MODEL: 'peer-model', LLM_RETRIES: '0' });
    try {
      const o = await buildUser(t2);
      const id = await characterWithBook(t2, o, 'Mira Vale');
      let last: ChatReply | undefined;
      for (let n = 0; n < 4; n++) last = await send(t2, o, id, `Message ${n}: ${'a long line about the weather '.repeat(8)}`);
      const conv = last!.reply.conversationId;
      expect((await putMemory(t2, o, conv, 'Sam arrived at the lighthouse in a storm.', [])).statusCode).toBe(200);
      const next = await send(t2, o, id, 'What happened so far?');
      const messages = small.requests.at(-1)!.body.messages as Array<{ role: string; content: string }>;
      expect(messages[0]!.content).toContain(
        'Summary of the story so far (earlier messages are not shown):\nSam arrived at the lighthouse in a storm.',
      );
      const i = ((await inspect(t2, o, next.reply.id)).json() as InspectionResponse).inspection!;
      expect(i.summary.used).toBe(true);
      expect(i.summary.tokens).toBeGreaterThan(0);
      expect(i.history.leftOut).toBeGreaterThan(0);
      expect(i.parts.map((p) => p.name)).toContain('summary');
      // Edited again: the rebuilt prompt of that reply says so.
      expect((await putMemory(t2, o, conv, 'Sam left the lighthouse.', [])).statusCode).toBe(200);
      const p = await rebuilt(t2, o, next.reply.id);
      expect(p.changes).toContain('The summary was edited since this reply.');
    } finally {
      await t2.close();
      await small.close();
    }
  });
});
