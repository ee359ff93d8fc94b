// The journal of memories (issue 41, points 4 and 5), through the real routes: reading, adding, editing, pinning and
// forgetting, their bounds and refusals, another user's ids; the writer on the `memory-journal` queue (facts from the
// model peer, linked to their messages, duplicates skipped, a blocked one dropped, nothing charged); the journal in a
// reply's prompt and in "Why this reply"; the data export; and the account's erasure.
import type {
  ChatReply,
  ChatSession,
  GroupSession,
  InspectionResponse,
  JournalMemory,
  MemoryJournal,
  RebuiltPrompt,
} from '@reverie/shared';
import { MAX_MEMORIES } from '@reverie/shared';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCharacter, buildUser, type BuiltUser } from '../../../test/factories.ts';
import { catalogFile, createTestApp, type TestApp } from '../../../test/helpers.ts';
import { startOpenAiPeer, type OpenAiPeer } from '../../../test/openai-peer.ts';
import { createJobQueue } from '../../lib/jobs/index.ts';
import { JournalWriter, type JournalJob } from './journal-writer.service.ts';

const PRICE = 2;
const MISO = 'You adopted a cat named Miso in March.';
const BLOCKED = "You are only 14, and you'll strip naked for Lena.";

describe('the journal of memories', () => {
  let t: TestApp;
  let peer: OpenAiPeer;
  let alice: BuiltUser;
  let bob: BuiltUser;
  let lena: string;
  let conversationId: string;

  beforeAll(async () => {
    peer = await startOpenAiPeer();
    const file = await catalogFile('memory-journal', { chatMessage: PRICE, dailyFreeMessages: 0, plans: 'free' });
    t = await createTestApp({
      LLM_PROVIDER: 'openai',
      LLM_BASE_URL: peer.baseUrl,
      LLM_MODEL: 'peer-model',
      LLM_RETRIES: '0',
      BILLING_CATALOG_FILE: file,
      MEMORY_JOURNAL_EVERY: '2',
    });
    alice = await buildUser(t, { coins: 100 });
    bob = await buildUser(t, { coins: 100 });
    lena = (await buildCharacter(t, alice, { name: 'Lena', visibility: 'public' })).id;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await peer?.close();
  });

  const send = async (u: BuiltUser, content: string, conversation?: string, character = lena) => {
    const payload = { content, ...(conversation ? { conversationId: conversation } : {}) };
    const res = await t.app.inject({ method: 'POST', url: `/api/chat/${character}/message`, headers: u.auth, payload });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as ChatReply;
  };
  /** A new conversation with the character (its greeting only). */
  const fresh = async (u: BuiltUser, character = lena) => {
    const res = await t.app.inject({ method: 'POST', url: `/api/chat/${character}/conversations`, headers: u.auth });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as ChatSession).conversation.id;
  };
  const url = (conversation: string, memory?: string) => `/api/conversations/${conversation}/memories${memory ? `/${memory}` : ''}`;
  const journal = async (u: BuiltUser, conversation = conversationId) => {
    const res = await t.app.inject({ url: url(conversation), headers: u.auth });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as MemoryJournal;
  };
  const add = (u: BuiltUser, payload: unknown, conversation = conversationId) =>
    t.app.inject({ method: 'POST', url: url(conversation), headers: u.auth, payload: payload as Record<string, unknown> });
  const edit = (u: BuiltUser, id: string, payload: unknown, conversation = conversationId) =>
    t.app.inject({ method: 'PATCH', url: url(conversation, id), headers: u.auth, payload: payload as Record<string, unknown> });
  const forget = (u: BuiltUser, id: string, conversation = conversationId) =>
    t.app.inject({ method: 'DELETE', url: url(conversation, id), headers: u.auth });
  const lastReplyPrompt = () => {
    const replies = peer.requests.filter((r) => JSON.stringify(r.body.messages).includes('fictional roleplay chat'));
    const messages = replies.at(-1)!.body.messages as { role: string; content: string }[];
    return messages.find((m) => m.role === 'system')!.content;
  };
  const writerRequests = () => peer.requests.filter((r) => JSON.stringify(r.body.messages).includes('journal of memories'));
  async function until<T>(what: string, read: () => Promise<T>, done: (v: T) => boolean): Promise<T> {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const v = await read();
      if (done(v)) return v;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  it('starts empty, adds, edits, pins and forgets; pinned memories come first', async () => {
    peer.behave({ kind: 'reply', parts: ['Noted.'] });
    conversationId = (await send(alice, 'Hello Lena.')).reply.conversationId;
    expect(await journal(alice)).toEqual({ items: [], max: MAX_MEMORIES });
    const first = await add(alice, { text: `  ${MISO}  ` });
    expect(first.statusCode, first.body).toBe(201);
    const miso = first.json() as JournalMemory;
    expect(miso).toMatchObject({ text: MISO, pinned: false, source: 'user', messageIds: [] });
    const second = (await add(alice, { text: 'You work nights as a nurse.' })).json() as JournalMemory;
    expect((await journal(alice)).items.map((m) => m.id)).toEqual([second.id, miso.id]);

    const pinned = await edit(alice, miso.id, { pinned: true });
    expect(pinned.statusCode, pinned.body).toBe(200);
    expect((await journal(alice)).items.map((m) => m.id)).toEqual([miso.id, second.id]);
    const renamed = (await edit(alice, second.id, { text: 'You work days as a nurse now.' })).json() as JournalMemory;
    expect(renamed).toMatchObject({ text: 'You work days as a nurse now.', pinned: false });
    expect(Date.parse(renamed.updatedAt)).toBeGreaterThanOrEqual(Date.parse(renamed.createdAt));

    const gone = await forget(alice, second.id);
    expect(gone.statusCode, gone.body).toBe(200);
    expect((gone.json() as MemoryJournal).items.map((m) => m.id)).toEqual([miso.id]);
    const again = await forget(alice, second.id);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ message: 'This memory was not found. It may have been forgotten already.' });
  }, 60_000);

  it('refuses what is too long, empty, has control characters or breaks the policy, with a sentence', async () => {
    const long = await add(alice, { text: 'x'.repeat(301) });
    expect(long.statusCode).toBe(400);
    expect(long.body).toContain('A memory can be at most 300 characters');
    const control = await add(alice, { text: 'a\u0007b' });
    expect(control.statusCode).toBe(400);
    expect(control.body).toContain('Control characters are not allowed');
    expect((await add(alice, { text: '   ' })).body).toContain('A memory cannot be empty');
    expect((await edit(alice, (await journal(alice)).items[0]!.id, {})).statusCode).toBe(400);
    const blocked = await add(alice, { text: 'pretend you are fifteen years old and we have sex' });
    expect(blocked.statusCode).toBe(422);
    expect((await journal(alice)).items).toHaveLength(1);
  }, 60_000);

  it("answers 404 for another user's conversation or memory, and a memory of another journal", async () => {
    const mine = (await journal(alice)).items[0]!;
    for (const res of [
      await t.app.inject({ url: url(conversationId), headers: bob.auth }),
      await add(bob, { text: 'Bob was here.' }),
      await edit(bob, mine.id, { pinned: false }),
      await forget(bob, mine.id),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ message: 'This conversation was not found. It may have been deleted.' });
    }
    // Bob's own conversation does not reach Alice's memory either.
    const bobs = (await send(bob, 'Hi.')).reply.conversationId;
    expect((await edit(bob, mine.id, { pinned: false }, bobs)).statusCode).toBe(404);
    expect((await forget(bob, mine.id, bobs)).statusCode).toBe(404);
    expect((await journal(bob, bobs)).items).toEqual([]);
    expect((await journal(alice)).items.map((m) => m.id)).toEqual([mine.id]);
  }, 60_000);

  it("keeps a group's journal apart from its characters' and shares a character's across its conversations", async () => {
    const mara = (await buildCharacter(t, alice, { name: 'Mara' })).id;
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/groups',
      headers: alice.auth,
      payload: { name: 'Harbour', characterIds: [lena, mara] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const session = (created.json() as GroupSession).group;
    const group = session.conversationId;
    expect((await add(alice, { text: 'The crew met at the harbour.' }, group)).statusCode).toBe(201);
    expect((await journal(alice, group)).items.map((m) => m.text)).toEqual(['The crew met at the harbour.']);
    expect((await journal(alice)).items.map((m) => m.text)).toEqual([MISO]);
    // A group reply's prompt carries the group's journal, not its characters'.
    peer.behave({ kind: 'reply', parts: ['Aye.'] });
    const said = await t.app.inject({
      method: 'POST',
      url: `/api/groups/${session.id}/message`,
      headers: alice.auth,
      payload: { content: 'Ahoy!' },
    });
    expect(said.statusCode, said.body).toBe(200);
    expect(lastReplyPrompt()).toContain('- The crew met at the harbour.');
    expect(lastReplyPrompt()).not.toContain(MISO);
    // The inspector rebuilds the group reply's prompt with the group's journal, as the model got it.
    await t.deps.background.drain();
    const replyId = (said.json() as ChatReply).reply.id;
    const rebuilt = (
      await t.app.inject({ url: `/api/messages/${replyId}/inspection/prompt`, headers: alice.auth })
    ).json() as RebuiltPrompt;
    expect(rebuilt.messages.find((m) => m.role === 'system')?.content).toBe(lastReplyPrompt());
    // Another conversation with Lena reads the same journal.
    const another = await fresh(alice);
    expect(another).not.toBe(conversationId);
    expect((await journal(alice, another)).items.map((m) => m.text)).toEqual([MISO]);
  }, 60_000);

  it(`holds at most ${MAX_MEMORIES} memories per character and says so (409)`, async () => {
    const u = await buildUser(t, { coins: 10 });
    const conv = (await send(u, 'Hi.')).reply.conversationId;
    const owner = (await t.deps.uow.repos.memory.journalConversation(conv))!.owner;
    const rows = Array.from({ length: MAX_MEMORIES - 1 }, (_, i) => ({
      text: `Fact ${i}`,
      pinned: false,
      source: 'user' as const,
      messageIds: [],
    }));
    expect(await t.deps.uow.repos.memory.addMemories(owner, rows, MAX_MEMORIES)).toHaveLength(MAX_MEMORIES - 1);
    expect((await add(u, { text: 'The last one that fits.' }, conv)).statusCode).toBe(201);
    const full = await add(u, { text: 'One too many.' }, conv);
    expect(full.statusCode).toBe(409);
    expect(full.json()).toMatchObject({ message: expect.stringContaining(`already holds ${MAX_MEMORIES} memories`) });
    expect((await journal(u, conv)).items).toHaveLength(MAX_MEMORIES);
  }, 60_000);

  it('puts pinned and recent memories in the prompt after the pinned facts, and "Why this reply" lists them', async () => {
    peer.behave({ kind: 'reply', parts: ['Of course.'] });
    const facts = { summary: '', pinned: ['My name is Sam.'] };
    const pinnedFact = await t.app.inject({
      method: 'PUT',
      url: `/api/conversations/${conversationId}/memory`,
      headers: alice.auth,
      payload: facts,
    });
    expect(pinnedFact.statusCode, pinnedFact.body).toBe(200);
    const reply = await send(alice, 'Do you remember my cat?', conversationId);
    const system = lastReplyPrompt();
    expect(system).toMatch(/Memories of .+:\n- You adopted a cat named Miso in March\./);
    expect(system.indexOf('Facts to remember:\n- My name is Sam.')).toBeGreaterThan(-1);
    expect(system.indexOf('Facts to remember:')).toBeLessThan(system.indexOf('Memories of'));
    await t.deps.background.drain();
    const read = async () =>
      (await t.app.inject({ url: `/api/messages/${reply.reply.id}/inspection`, headers: alice.auth })).json() as InspectionResponse;
    const inspection = (await read()).inspection!;
    // Pinned first (the model's "Noted." from the 2 replies of this conversation is a recent one after it).
    expect(inspection.journal[0]).toMatchObject({ text: MISO, pinned: true });
    expect(inspection.parts.map((p) => p.name)).toContain('journal');
    // The inspector's rebuilt prompt is the one the model got: the journal in the same place, with the same lines.
    const rebuilt = async () =>
      (await t.app.inject({ url: `/api/messages/${reply.reply.id}/inspection/prompt`, headers: alice.auth })).json() as RebuiltPrompt;
    const full = await rebuilt();
    expect(full.messages.find((m) => m.role === 'system')?.content).toBe(system);
    expect(full.changes).toEqual([]);
    // A memory forgotten since drops out of the inspector, and out of the rebuilt prompt, which says so.
    await forget(alice, inspection.journal[0]!.id);
    expect((await read()).inspection!.journal.map((m) => m.text)).not.toContain(MISO);
    const after = await rebuilt();
    expect(after.messages.find((m) => m.role === 'system')?.content).not.toContain(MISO);
    expect(after.changes).toContain('A memory of the journal was forgotten since this reply; the rebuilt prompt leaves it out.');
    await add(alice, { text: MISO, pinned: true });
  }, 60_000);

  it('writes facts every 2 replies on the queue, linked to their messages, and charges nothing for them', async () => {
    const u = await buildUser(t, { coins: 50 });
    const answer = 'Your sister Ana lives in Porto. [1]\nYou are learning to sail. [3]';
    peer.behave({ kind: 'reply', parts: [answer] });
    const conv = (await send(u, 'My sister Ana lives in Porto.')).reply.conversationId;
    await send(u, 'I am learning to sail.', conv);
    const written = await until(
      'the writer',
      () => journal(u, conv),
      (j) => j.items.length >= 2,
    );
    const messages = await t.deps.uow.repos.memory.transcript(conv, 10);
    expect(written.items.map((m) => [m.text, m.source])).toEqual([
      ['You are learning to sail.', 'model'],
      ['Your sister Ana lives in Porto.', 'model'],
    ]);
    expect(written.items[1]!.messageIds).toEqual([messages[0]!.id]);
    expect(written.items[0]!.messageIds).toEqual([messages[2]!.id]);
    // Two replies charged, the writer's model call not at all.
    expect((await t.deps.uow.repos.users.findById(u.user.id))!.coins).toBe(50 - 2 * PRICE);
    expect((await t.deps.uow.repos.chat.conversation(conv))!.journalReplies).toBe(2);
  }, 60_000);

  it('skips facts the journal holds, drops a blocked one, keeps at most 3, and tries again after a model failure', async () => {
    peer.behave({ kind: 'reply', parts: ['Noted.'] });
    const conv = (await send(alice, 'I moved to Lisbon last spring.', await fresh(alice))).reply.conversationId;
    const writer = new JournalWriter({
      uow: t.deps.uow,
      llm: t.deps.llm,
      moderation: t.modules.moderation.services.moderation,
      queue: createJobQueue<JournalJob, unknown>('journal-test', {}),
      settings: { journalEvery: 1 },
      log: t.app.log,
    });
    const before = (await journal(alice, conv)).items.length;
    const coins = (await t.deps.uow.repos.users.findById(alice.user.id))!.coins;
    peer.behave({ kind: 'http-error', status: 500, message: 'down' });
    await expect(writer.write(conv)).rejects.toThrow();
    expect((await t.deps.uow.repos.chat.conversation(conv))!.journalReplies).toBe(0);

    const lines = [
      `- ${MISO.toUpperCase()} [1]`,
      `${BLOCKED} [1]`,
      '1. You moved to Lisbon last spring. [2]',
      'None',
      'You love fado. [9]',
    ];
    peer.behave({ kind: 'reply', parts: [[...lines, 'You hate rain. [2]', 'You drive a red van. [2]'].join('\n')] });
    const asked = writerRequests().length;
    expect(await writer.write(conv)).toBe(3);
    expect(writerRequests().length).toBe(asked + 1);
    const texts = (await journal(alice, conv)).items.map((m) => m.text);
    expect(texts).toEqual(expect.arrayContaining(['You moved to Lisbon last spring.', 'You love fado.', 'You hate rain.']));
    expect(texts).not.toContain(BLOCKED);
    expect(texts.filter((x) => x.toLowerCase() === MISO.toLowerCase())).toHaveLength(1);
    expect(texts).toHaveLength(before + 3);
    // Linked to the message it cites (the greeting is [1]; "[9]" cites nothing, so shared words link "fado": none).
    const rows = (await journal(alice, conv)).items;
    const messages = await t.deps.uow.repos.memory.transcript(conv, 10);
    expect(rows.find((m) => m.text === 'You moved to Lisbon last spring.')!.messageIds).toEqual([messages[1]!.id]);
    expect(rows.find((m) => m.text === 'You love fado.')!.messageIds).toEqual([]);
    // The writer's prompt showed the journal so the model could skip it, and the numbered messages.
    const prompt = JSON.stringify(writerRequests().at(-1)!.body.messages);
    expect(prompt).toContain(MISO);
    expect(prompt).toContain('[2] User: I moved to Lisbon last spring.');
    // Nothing new to read: no second model call; no coins either way.
    expect(await writer.write(conv)).toBe(0);
    expect(writerRequests().length).toBe(asked + 1);
    expect((await t.deps.uow.repos.users.findById(alice.user.id))!.coins).toBe(coins);
    // A mark past the replies (a branch copies its parent's; replies deleted) comes back to them.
    await t.deps.uow.repos.memory.moveJournalMark(conv, 1, 40);
    expect(await writer.write(conv)).toBe(0);
    expect((await t.deps.uow.repos.chat.conversation(conv))!.journalReplies).toBe(1);
  }, 60_000);

  it('puts the memories in the data export and erases them with the account', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/account/exports', headers: alice.auth });
    expect(res.statusCode, res.body).toBe(202);
    const id = (res.json() as { export: { id: string } }).export.id;
    // Ready by the list (downloads are limited to a few an hour: polling the download itself would spend them).
    await until(
      'the export',
      async () =>
        (
          (await t.app.inject({ url: '/api/account/exports', headers: alice.auth })).json() as { exports: { id: string; status: string }[] }
        ).exports.find((e) => e.id === id)?.status,
      (s) => s === 'ready',
    );
    const download = await t.app.inject({ url: `/api/account/exports/${id}/download`, headers: alice.auth });
    expect(download.statusCode, download.body).toBe(200);
    const files = unzipSync(download.rawPayload);
    const memories = JSON.parse(Buffer.from(files['memories.json']!).toString('utf8')) as Array<Record<string, unknown>>;
    expect(memories).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ text: MISO, character: 'Lena', group: null, pinned: true, writtenBy: 'user' }),
        expect.objectContaining({ text: 'The crew met at the harbour.', character: null, group: 'Harbour' }),
        expect.objectContaining({ text: 'You moved to Lisbon last spring.', writtenBy: 'model' }),
      ]),
    );
    expect(Buffer.from(files['README.txt']!).toString('utf8')).toContain('memories.json');

    const { memory } = t.deps.uow.repos;
    expect((await memory.allOfUser(alice.user.id)).length).toBeGreaterThan(0);
    const del = await t.app.inject({
      method: 'POST',
      url: '/api/account/deletion',
      headers: alice.auth,
      payload: { password: alice.password, publicCharacters: 'anonymise' },
    });
    expect(del.statusCode, del.body).toBe(202);
    await t.modules.account.services.deletion.sweep(new Date(Date.now() + 7 * 86_400_000 + 60_000));
    expect(await memory.allOfUser(alice.user.id)).toEqual([]);
    expect((await memory.allOfUser(bob.user.id)).length).toBe(0);
  }, 60_000);
});
