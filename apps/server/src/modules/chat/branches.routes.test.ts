// Branches over HTTP: fork from a message (history, swipes, memory, scope and settings as they stood), the tree, switching
// (opening a branch), deleting one (its children move up), and the refusals (someone else's ids, bad input, limits).
import type { ChatBranchTree, ChatMemory, ChatSession, ConversationPage, ConversationPersona, ForkResult } from '@reverie/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { buildCharacter, buildUser, type BuiltUser } from '../../../test/factories.ts';
import type { ChatMessageRow, ConversationRow } from './chat.repo.ts';
import { MAX_BRANCHES } from './branches.ts';

/** What a fork sets itself; every other column of a conversation must be copied as it was. */
const FORK_OWN = [
  'id',
  'parentConversationId',
  'rootConversationId',
  'forkedFromMessageId',
  'messageCount',
  'summarizedCount',
  'lastReadAt',
  'createdAt',
  'updatedAt',
] as const;

const settingsOf = (row: ConversationRow) =>
  Object.fromEntries(Object.entries(row).filter(([k]) => !(FORK_OWN as readonly string[]).includes(k)));

describe('branches', () => {
  let t: TestApp;
  let alice: BuiltUser;
  let bob: BuiltUser;
  let characterId: string;
  let mainId: string;
  /** The main conversation's messages, oldest first: greeting, then three exchanges. */
  let history: ChatMessageRow[];

  const open = (u: BuiltUser, conversationId?: string) =>
    t.app.inject({ url: `/api/chat/${characterId}${conversationId ? `?conversationId=${conversationId}` : ''}`, headers: u.auth });
  const fork = (u: BuiltUser, conversationId: string, messageId: unknown) =>
    t.app.inject({ method: 'POST', url: `/api/conversations/${conversationId}/branches`, headers: u.auth, payload: { messageId } });
  const tree = (u: BuiltUser, conversationId: string) =>
    t.app.inject({ url: `/api/conversations/${conversationId}/branches`, headers: u.auth });
  const remove = (u: BuiltUser, conversationId: string) =>
    t.app.inject({ method: 'DELETE', url: `/api/conversations/${conversationId}`, headers: u.auth });
  const messagesOf = async (conversationId: string) => (await t.deps.uow.repos.chat.messagesNewestFirst(conversationId, 1000)).reverse();

  beforeAll(async () => {
    t = await createTestApp();
    const owner = await buildUser(t);
    alice = await buildUser(t);
    bob = await buildUser(t);
    characterId = (
      await buildCharacter(t, owner, { name: 'Mira Vale', greeting: 'Hello {{user}}.', alternateGreetings: ['*Mira waves.*'] })
    ).id;
    const session = (await open(alice)).json() as ChatSession;
    mainId = session.conversation.id;
    const { chat, moderation } = t.deps.uow.repos;
    // Three exchanges; the first reply has three swipes with the second one chosen, the second was edited.
    const exchanges: Array<[string, string[], number]> = [
      ['Where are we going?', ['To the harbour.', 'To the hills.', 'Nowhere yet.'], 1],
      ['What is in the hills?', ['An old observatory.'], 0],
      ['Show me.', ['*She takes your hand.*'], 0],
    ];
    for (const [said, replies, pick] of exchanges) {
      await chat.insertMessage({ conversationId: mainId, role: 'user', content: said });
      await chat.insertMessage({ conversationId: mainId, role: 'assistant', content: replies[pick]!, swipes: replies, swipeIndex: pick });
      await chat.touch(mainId, 2);
    }
    history = await messagesOf(mainId);
    await chat.updateMessage(history[4]!.id, { content: 'An old observatory, closed for years.', edited: true });
    // The memory: a summary covering all 7 messages, two pinned facts; and a scope the policy established.
    await chat.setMemory(mainId, {
      summary: 'Mira leads the user to the hills.',
      pinned: ['The user is a pilot', 'Mira fears the dark'],
      summarizedCount: 7,
    });
    await moderation.rememberScope(mainId, { explicit: { field: 'message3', rule: 'explicit', span: 'x', start: 0, end: 1 } });
    history = await messagesOf(mainId);
    // What went into the first reply's alternatives (the inspector's record, kept per message and swipe).
    for (const swipeIndex of [0, 1]) {
      await t.deps.uow.repos.inspections.save(
        { messageId: history[2]!.id, swipeIndex, conversationId: mainId, data: { parts: [{ name: 'history', tokens: 10 + swipeIndex }] } },
        null,
      );
    }
  }, 60_000);
  afterAll(() => t.close());

  it('forks exactly the history up to and including the message, with swipes, in order, and switches by opening it', async () => {
    const res = await fork(alice, mainId, history[4]!.id); // the second reply (edited)
    expect(res.statusCode).toBe(201);
    const body = res.json() as ForkResult;
    const branchId = body.branch.id;
    expect(branchId).not.toBe(mainId);
    expect(body.branch).toMatchObject({ parentId: mainId, title: 'Branch 2', position: 2, messageCount: 5 });
    expect(body.branch.forkPoint).toEqual({
      messageId: history[4]!.id,
      role: 'assistant',
      preview: 'An old observatory, closed for years.',
    });
    expect(body.tree.currentId).toBe(branchId);
    expect(body.tree.items.map((b) => b.id)).toEqual([mainId, branchId]);

    const copied = await messagesOf(branchId);
    const shape = (m: ChatMessageRow) => ({
      role: m.role,
      content: m.content,
      swipes: m.swipes,
      swipeIndex: m.swipeIndex,
      status: m.status,
      editedAt: m.editedAt,
      createdAt: m.createdAt,
    });
    expect(copied.map(shape)).toEqual(history.slice(0, 5).map(shape));
    expect(copied[4]!.editedAt).not.toBeNull();
    expect(copied[2]!.swipes).toEqual(['To the harbour.', 'To the hills.', 'Nowhere yet.']);
    // Copies, not the same rows: the source keeps its own.
    expect(copied.map((m) => m.id).filter((id) => history.some((h) => h.id === id))).toEqual([]);
    expect(await messagesOf(mainId)).toHaveLength(7);
    // The copied reply keeps what went into each of its alternatives ("Why this reply" works in the branch).
    const { inspections } = t.deps.uow.repos;
    for (const swipeIndex of [0, 1]) {
      expect(await inspections.find(copied[2]!.id, swipeIndex)).toMatchObject({
        conversationId: branchId,
        data: { parts: [{ name: 'history', tokens: 10 + swipeIndex }] },
      });
    }
    expect(await inspections.find(history[2]!.id, 0)).toMatchObject({ conversationId: mainId });

    // Switching is opening it: the session and the history read the branch.
    const session = (await open(alice, branchId)).json() as ChatSession;
    expect(session.conversation.id).toBe(branchId);
    expect(session.messages.map((m) => m.content)).toEqual(history.slice(0, 5).map((m) => m.content));
    expect(session.messages[2]!.swipeIndex).toBe(1);
    const page = (
      await t.app.inject({ url: `/api/chat/history?characterId=${characterId}&conversationId=${branchId}`, headers: alice.auth })
    ).json() as { total: number };
    expect(page.total).toBe(5);

    // A swipe chosen in the branch stays in the branch: swipes are per message.
    const swipe = await t.app.inject({
      method: 'PUT',
      url: `/api/chat/${characterId}/message/${copied[2]!.id}`,
      headers: alice.auth,
      payload: { swipeIndex: 2 },
    });
    expect(swipe.statusCode).toBe(200);
    expect((await messagesOf(mainId))[2]!.swipeIndex).toBe(1);
    expect((await messagesOf(branchId))[2]!.content).toBe('Nowhere yet.');
  });

  it('keeps the memory as it stood (summary counting only the copied messages), the moderation scope and every setting', async () => {
    const res = await fork(alice, mainId, history[2]!.id);
    expect(res.statusCode).toBe(201);
    const branchId = (res.json() as ForkResult).branch.id;
    const memory = (await t.app.inject({ url: `/api/conversations/${branchId}/memory`, headers: alice.auth })).json() as ChatMemory;
    expect(memory).toMatchObject({ summary: 'Mira leads the user to the hills.', pinned: ['The user is a pilot', 'Mira fears the dark'] });

    const src = (await t.deps.uow.repos.chat.conversation(mainId))!;
    const row = (await t.deps.uow.repos.chat.conversation(branchId))!;
    expect(row).toMatchObject({ messageCount: 3, summarizedCount: 3, parentConversationId: mainId, rootConversationId: mainId });
    expect(row.moderationScope).toEqual({ explicit: { field: 'message3', rule: 'explicit', span: 'x', start: 0, end: 1 } });
    // Every per-conversation column (the character, memory, scope, any setting a module adds as a column) as the source has it.
    expect(settingsOf(row)).toEqual(settingsOf(src));
    expect(src.summarizedCount).toBe(7);
  });

  it('keeps the persona chosen for the conversation', async () => {
    const made = await t.app.inject({ method: 'POST', url: '/api/personas', headers: alice.auth, payload: { name: 'Captain Ro' } });
    expect(made.statusCode).toBe(201);
    const personaId = (made.json() as { id: string }).id;
    const choose = { method: 'PUT' as const, url: `/api/conversations/${mainId}/persona`, headers: alice.auth };
    expect((await t.app.inject({ ...choose, payload: { personaId } })).statusCode).toBe(200);
    const res = await fork(alice, mainId, history[1]!.id);
    expect(res.statusCode).toBe(201);
    const branchId = (res.json() as ForkResult).branch.id;
    const chosen = (
      await t.app.inject({ url: `/api/conversations/${branchId}/persona`, headers: alice.auth })
    ).json() as ConversationPersona;
    expect(chosen).toMatchObject({ source: 'chosen', userName: 'Captain Ro', persona: { id: personaId } });
    // Choosing another persona in the source afterwards leaves the branch's choice alone.
    expect((await t.app.inject({ ...choose, payload: { personaId: null } })).statusCode).toBe(200);
    const again = (
      await t.app.inject({ url: `/api/conversations/${branchId}/persona`, headers: alice.auth })
    ).json() as ConversationPersona;
    expect(again.persona?.id).toBe(personaId);
    await t.app.inject({ method: 'DELETE', url: `/api/conversations/${branchId}`, headers: alice.auth });
  });

  it('forks a fork into a tree, lists it from any branch, and deleting one keeps the others (its children move up)', async () => {
    const a = (await fork(alice, mainId, history[5]!.id)).json() as ForkResult;
    const aMessages = await messagesOf(a.branch.id);
    const b = (await fork(alice, a.branch.id, aMessages[3]!.id)).json() as ForkResult;
    expect(b.branch).toMatchObject({ parentId: a.branch.id, messageCount: 4 });
    const c = (await fork(alice, b.branch.id, (await messagesOf(b.branch.id))[1]!.id)).json() as ForkResult;

    const fromLeaf = (await tree(alice, c.branch.id)).json() as ChatBranchTree;
    const fromRoot = (await tree(alice, mainId)).json() as ChatBranchTree;
    expect(fromLeaf.currentId).toBe(c.branch.id);
    expect(fromRoot.currentId).toBe(mainId);
    expect(fromLeaf.items).toEqual(fromRoot.items);
    expect(fromRoot.characterId).toBe(characterId);
    const parents = Object.fromEntries(fromRoot.items.map((i) => [i.id, i.parentId]));
    expect(parents[mainId]).toBeNull();
    expect(parents[a.branch.id]).toBe(mainId);
    expect(parents[b.branch.id]).toBe(a.branch.id);
    expect(parents[c.branch.id]).toBe(b.branch.id);
    expect(fromRoot.items[0]).toMatchObject({ id: mainId, title: 'Main', position: 1, forkPoint: null, messageCount: 7 });
    expect(fromRoot.items.map((i) => i.position)).toEqual(fromRoot.items.map((_, i) => i + 1));
    // The chats list tells the branches apart: each row names its branch as the tree does (#46.4).
    const listed = (await t.app.inject({ url: '/api/conversations?limit=50', headers: alice.auth })).json() as ConversationPage;
    const rows = Object.fromEntries(listed.items.map((i) => [i.id, i.branch]));
    for (const item of fromRoot.items) {
      expect(rows[item.id]).toEqual({ title: item.title, position: item.position, count: fromRoot.items.length });
    }

    // Delete b (the middle of main → a → b → c): c moves under a, with b's fork point in a; a, c and main stay.
    expect((await remove(alice, b.branch.id)).statusCode).toBe(200);
    const after = (await tree(alice, c.branch.id)).json() as ChatBranchTree;
    expect(after.items.map((i) => i.id)).not.toContain(b.branch.id);
    expect(after.items.find((i) => i.id === c.branch.id)).toMatchObject({
      parentId: a.branch.id,
      forkPoint: { messageId: aMessages[3]!.id },
      messageCount: 2,
    });
    expect((await open(alice, c.branch.id)).statusCode).toBe(200);
    expect(await messagesOf(c.branch.id)).toHaveLength(2);

    // Delete the root: its children become the tree's top, still one tree, reachable from any of them.
    expect((await remove(alice, mainId)).statusCode).toBe(200);
    const rootless = (await tree(alice, c.branch.id)).json() as ChatBranchTree;
    expect(rootless.items.map((i) => i.id)).not.toContain(mainId);
    expect(rootless.items.find((i) => i.id === a.branch.id)!.parentId).toBeNull();
    // The oldest remaining conversation is now the tree's "Main".
    expect(rootless.items[0]).toMatchObject({ parentId: null, title: 'Main', position: 1 });
    expect(rootless.items.find((i) => i.id === c.branch.id)!.parentId).toBe(a.branch.id);
    expect(rootless.items.length).toBeGreaterThanOrEqual(3);
    expect(((await tree(alice, a.branch.id)).json() as ChatBranchTree).items).toEqual(rootless.items);
  });

  it("answers 404 for someone else's conversation or message, and for a message of another conversation", async () => {
    const bobs = (await open(bob)).json() as ChatSession;
    const alices = (await open(alice)).json() as ChatSession;
    const aliceMsg = alices.messages[0]!.id;
    const bobMsg = bobs.messages[0]!.id;
    // Bob cannot fork Alice's conversation, nor read its tree, nor delete it.
    expect((await fork(bob, alices.conversation.id, aliceMsg)).statusCode).toBe(404);
    expect((await tree(bob, alices.conversation.id)).statusCode).toBe(404);
    expect((await remove(bob, alices.conversation.id)).statusCode).toBe(404);
    // Alice cannot fork her conversation at Bob's message (it is not in hers): the same 404 as a missing message.
    const cross = await fork(alice, alices.conversation.id, bobMsg);
    expect(cross.statusCode).toBe(404);
    expect(cross.json().error.message).toBe('Message not found');
    expect((await fork(alice, alices.conversation.id, crypto.randomUUID())).statusCode).toBe(404);
    // Nothing was made for either.
    expect(((await tree(bob, bobs.conversation.id)).json() as ChatBranchTree).items).toHaveLength(1);
  });

  it("refuses to branch a deleted character's conversation (409), which stays readable", async () => {
    const maker = await buildUser(t);
    const gone = (await buildCharacter(t, maker, { name: 'Soon Gone', greeting: 'Hi.' })).id;
    const session = (await t.app.inject({ url: `/api/chat/${gone}`, headers: alice.auth })).json() as ChatSession;
    await t.deps.uow.repos.characters.softDelete(gone);
    const res = await fork(alice, session.conversation.id, session.messages[0]!.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This character was deleted: its conversations can be read but not branched.');
    expect((await tree(alice, session.conversation.id)).statusCode).toBe(200);
  });

  it('refuses bad input with 400, no sign-in with 401, and more than the branch limit with 409', async () => {
    const alices = (await open(alice)).json() as ChatSession;
    const conv = alices.conversation.id;
    const bad = await fork(alice, conv, 'not-an-id');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/messageId must be a valid message id/);
    expect((await fork(alice, 'nope', alices.messages[0]!.id)).statusCode).toBe(400);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/conversations/${conv}/branches`, payload: { messageId: alices.messages[0]!.id } }))
        .statusCode,
    ).toBe(401);

    // Fill the tree to the limit straight through the repository (the route's rate limit would stop the loop first).
    const { branches } = t.deps.uow.repos;
    const have = ((await tree(alice, conv)).json() as ChatBranchTree).items.length;
    for (let i = have; i < MAX_BRANCHES; i++) await branches.fork(conv, alices.messages[0]!.id);
    const full = await fork(alice, conv, alices.messages[0]!.id);
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toMatch(`at most ${MAX_BRANCHES} branches`);
    expect(((await tree(alice, conv)).json() as ChatBranchTree).items).toHaveLength(MAX_BRANCHES);

    // Two places free again, five forks at once: the count and the fork hold one lock, so exactly two get in.
    const items = ((await tree(alice, conv)).json() as ChatBranchTree).items.filter((b) => b.id !== conv);
    for (const b of items.slice(-2)) expect((await remove(alice, b.id)).statusCode).toBe(200);
    const racing = await Promise.all(Array.from({ length: 5 }, () => fork(alice, conv, alices.messages[0]!.id)));
    expect(racing.map((r) => r.statusCode).sort()).toEqual([201, 201, 409, 409, 409]);
    expect(((await tree(alice, conv)).json() as ChatBranchTree).items).toHaveLength(MAX_BRANCHES);
  });
});
