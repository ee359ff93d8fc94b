// Search in chats and the pages of a long conversation over HTTP (issue 32): matches, typos, owner-only, grouping
// (by character and by group chat), paging, bounds.
import type { ChatSearchResults, ConversationSearchPage, MessageWindow } from '@reverie/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { buildCharacter, buildUser, type BuiltUser } from '../../../test/factories.ts';
import { addChatMessages, fillConversation } from '../../db/seed/chat-messages.ts';

describe('search in chats', () => {
  let t: TestApp;
  let alice: BuiltUser;
  let bob: BuiltUser;
  let mira: string;
  let oren: string;
  let ash: string;
  let miraConv: string;
  let miraConv2: string;
  let orenConv: string;
  let bobConv: string;
  let ids: string[];
  let watch: { id: string; conversationId: string };
  let watchIds: string[];
  let bobsGroup: { id: string; conversationId: string };

  const get = <T>(u: BuiltUser, url: string) =>
    t.app.inject({ url, headers: u.auth }).then((r) => ({ status: r.statusCode, body: r.json() as T & { message?: string } }));

  beforeAll(async () => {
    t = await createTestApp();
    const owner = await buildUser(t);
    alice = await buildUser(t);
    bob = await buildUser(t);
    mira = (await buildCharacter(t, owner, { name: 'Mira Vale' })).id;
    oren = (await buildCharacter(t, owner, { name: 'Oren Thorne' })).id;
    ash = (await buildCharacter(t, owner, { name: 'Ash Reed' })).id;
    const { chat } = t.deps.uow.repos;
    const db = t.deps.database.db;
    miraConv = (await chat.createConversation(alice.user.id, mira)).id;
    miraConv2 = (await chat.createConversation(alice.user.id, mira)).id;
    orenConv = (await chat.createConversation(alice.user.id, oren)).id;
    bobConv = (await chat.createConversation(bob.user.id, mira)).id;
    ids = await addChatMessages(db, miraConv, [
      'Tell me about the dragon under the lighthouse.',
      'The dragon sleeps beneath the old lighthouse, coiled around a chest of letters.',
      'What do the letters say?',
      'They are love letters, never sent. The dragons kept them.',
      'Let us sail to the harbour at dawn.',
    ]);
    await addChatMessages(db, miraConv2, ['Another evening, another dragon story.', 'Of course: the dragon returns.']);
    await addChatMessages(db, orenConv, ['Did you ever meet a dragon?', 'Only once, in a snowstorm near the pass.']);
    await addChatMessages(db, bobConv, ['Bob also talks about a dragon, privately.']);
    // Group chats: one of Alice's with both (and Ash, who left), written last; one of Bob's.
    const newGroup = async (u: BuiltUser, name: string, characterIds: string[]) => {
      const res = await t.app.inject({ method: 'POST', url: '/api/groups', headers: u.auth, payload: { name, characterIds } });
      expect(res.statusCode, res.body).toBe(201);
      return (res.json() as { group: { id: string; conversationId: string } }).group;
    };
    watch = await newGroup(alice, 'Dragon watch', [mira, ash, oren]);
    const left = await t.app.inject({ method: 'DELETE', url: `/api/groups/${watch.id}/members/${ash}`, headers: alice.auth });
    expect(left.statusCode, left.body).toBe(200);
    bobsGroup = await newGroup(bob, 'Bob and the dragon', [mira, oren]);
    await addChatMessages(db, bobsGroup.conversationId, ['A dragon in Bob’s group, privately.']);
    watchIds = await addChatMessages(
      db,
      watch.conversationId,
      ['Who has seen the dragon tonight?', 'I did: the dragon flew over the pass.', 'And the lighthouse?'],
      [oren],
    );
  }, 60_000);
  afterAll(() => t.close());

  it('finds words in one conversation, newest first, with snippets that mark the match', async () => {
    const res = await get<ConversationSearchPage>(alice, `/api/conversations/${miraConv}/search?q=dragon`);
    expect(res.status).toBe(200);
    // "dragons" counts (any form of the word); the message without the word does not.
    expect(res.body.items.map((h) => h.messageId)).toEqual([ids[3], ids[1], ids[0]]);
    const hit = res.body.items[1]!;
    expect(hit).toMatchObject({ conversationId: miraConv, role: 'assistant' });
    expect(hit.snippet).toContain('The dragon sleeps beneath the old lighthouse');
    expect(hit.marks.map(([a, b]) => hit.snippet.slice(a, b))).toEqual(['dragon']);
    const two = await get<ConversationSearchPage>(alice, `/api/conversations/${miraConv}/search?q=letters%20dragon`);
    expect(two.body.items.map((h) => h.messageId)).toEqual([ids[3], ids[1]]);
  });

  it('finds a word as it is being typed and with a typo', async () => {
    const prefix = await get<ConversationSearchPage>(alice, `/api/conversations/${miraConv}/search?q=lighth`);
    expect(prefix.body.items.map((h) => h.messageId)).toEqual([ids[1], ids[0]]);
    // Three letters typed: too few to look like "lighthouse" by its trigrams; found as a prefix of the last word.
    const typed = await get<ConversationSearchPage>(alice, `/api/conversations/${miraConv}/search?q=the%20lig`);
    expect(typed.body.items.map((h) => h.messageId)).toEqual([ids[1], ids[0]]);
    const typo = await get<ConversationSearchPage>(alice, `/api/conversations/${miraConv}/search?q=lighthuose`);
    expect(typo.status).toBe(200);
    expect(typo.body.items.map((h) => h.messageId)).toEqual([ids[1], ids[0]]);
    expect(typo.body.items[0]!.marks.map(([a, b]) => typo.body.items[0]!.snippet.slice(a, b))).toEqual(['lighthouse']);
    const none = await get<ConversationSearchPage>(alice, `/api/conversations/${miraConv}/search?q=spaceship`);
    expect(none.body).toMatchObject({ items: [], hasMore: false });
  });

  it('pages the matches of a conversation', async () => {
    const p1 = await get<ConversationSearchPage>(alice, `/api/conversations/${miraConv}/search?q=dragon&limit=2`);
    expect(p1.body).toMatchObject({ page: 1, limit: 2, hasMore: true });
    expect(p1.body.items.map((h) => h.messageId)).toEqual([ids[3], ids[1]]);
    const p2 = await get<ConversationSearchPage>(alice, `/api/conversations/${miraConv}/search?q=dragon&limit=2&page=2`);
    expect(p2.body).toMatchObject({ page: 2, hasMore: false });
    expect(p2.body.items.map((h) => h.messageId)).toEqual([ids[0]]);
    // Past the last page of exact matches: nothing, not look-alikes.
    const p3 = await get<ConversationSearchPage>(alice, `/api/conversations/${miraConv}/search?q=dragon&limit=2&page=3`);
    expect(p3.body.items).toEqual([]);
  });

  it('searches one group chat, each reply under its speaker, and keeps other groups out', async () => {
    const res = await get<ConversationSearchPage>(alice, `/api/conversations/${watch.conversationId}/search?q=dragon`);
    expect(res.status).toBe(200);
    expect(res.body.items.map((h) => [h.messageId, h.role, h.speaker?.name ?? null])).toEqual([
      [watchIds[1], 'assistant', 'Oren Thorne'],
      [watchIds[0], 'user', null],
    ]);
    expect(res.body.items[0]!.speaker?.id).toBe(oren);
    // A one-to-one chat's lines name no speaker (its character wrote every reply).
    const single = await get<ConversationSearchPage>(alice, `/api/conversations/${miraConv}/search?q=dragon`);
    expect(single.body.items.map((h) => h.speaker)).toEqual([null, null, null]);
    // Bob's group chat is his: 404 as if it did not exist.
    const other = await get<ConversationSearchPage>(alice, `/api/conversations/${bobsGroup.conversationId}/search?q=dragon`);
    expect(other.status).toBe(404);
  });

  it("answers 404 for someone else's conversation and never shows their messages", async () => {
    const other = await get<ConversationSearchPage>(alice, `/api/conversations/${bobConv}/search?q=dragon`);
    expect(other.status).toBe(404);
    expect(other.body.message).toBe('Conversation not found');
    expect((await get(alice, `/api/conversations/${bobConv}/messages`)).status).toBe(404);
    expect((await get(alice, `/api/conversations/00000000-0000-4000-8000-000000000000/search?q=dragon`)).status).toBe(404);
    const all = await get<ChatSearchResults>(alice, `/api/conversations/search?q=privately`);
    expect(all.body.groups).toEqual([]);
    // Bob's search finds his own one-to-one chat and his own group chat, never Alice's group (both share Mira and Oren).
    const bobs = await get<ChatSearchResults>(bob, `/api/conversations/search?q=dragon`);
    expect(bobs.body.groups.flatMap((g) => g.hits.map((h) => h.conversationId))).toEqual([bobsGroup.conversationId, bobConv]);
    expect(bobs.body.groups.map((g) => (g.kind === 'groupChat' ? g.groupChat.id : g.character.id))).toEqual([bobsGroup.id, mira]);
  });

  it('searches every conversation, grouped by character and by group chat, newest match first', async () => {
    const res = await get<ChatSearchResults>(alice, `/api/conversations/search?q=dragon`);
    expect(res.status).toBe(200);
    // The group chat was written last, then Oren's conversation: their matches are the newest.
    expect(res.body.groups.map((g) => [g.kind, g.kind === 'groupChat' ? g.groupChat.name : g.character.name, g.total])).toEqual([
      ['groupChat', 'Dragon watch', 2],
      ['character', 'Oren Thorne', 1],
      ['character', 'Mira Vale', 5],
    ]);
    const [watchGroup, orenGroup, miraGroup] = res.body.groups;
    // The group chat's result is the group, with its current members in turn order (Ash left), and who said what.
    if (watchGroup?.kind !== 'groupChat') throw new Error('expected the group chat first');
    expect(watchGroup.groupChat.id).toBe(watch.id);
    expect(watchGroup.groupChat.members.map((m) => [m.id, m.name])).toEqual([
      [mira, 'Mira Vale'],
      [oren, 'Oren Thorne'],
    ]);
    expect(watchGroup.hits.map((h) => [h.conversationId, h.messageId, h.role, h.speaker?.name ?? null])).toEqual([
      [watch.conversationId, watchIds[1], 'assistant', 'Oren Thorne'],
      [watch.conversationId, watchIds[0], 'user', null],
    ]);
    expect(watchGroup.hits[0]!.snippet).toBe('I did: the dragon flew over the pass.');
    // A group chat's messages do not count under its first member's one-to-one result.
    if (miraGroup?.kind !== 'character' || orenGroup?.kind !== 'character') throw new Error('expected two characters');
    expect(miraGroup.hits).toHaveLength(3);
    // Three newest hits of the character, from both of Alice's conversations with Mira.
    expect(miraGroup.hits.map((h) => h.conversationId)).toEqual([miraConv2, miraConv2, miraConv]);
    expect(miraGroup.hits[0]!.snippet).toBe('Of course: the dragon returns.');
    expect(miraGroup.hits[0]).not.toHaveProperty('speaker');
    expect(orenGroup.hits[0]).toMatchObject({ conversationId: orenConv, snippet: 'Did you ever meet a dragon?' });
    const paged = await get<ChatSearchResults>(alice, `/api/conversations/search?q=dragon&limit=2&page=2`);
    expect(paged.body.groups.map((g) => g.kind === 'character' && g.character.id)).toEqual([mira]);
    expect(paged.body.hasMore).toBe(false);
    const first = await get<ChatSearchResults>(alice, `/api/conversations/search?q=dragon&limit=2`);
    expect(first.body.hasMore).toBe(true);
    // A word of the group chat and of a one-to-one chat, and a typo of it (widened through the lexicon).
    for (const q of ['lighthouse', 'lighthuose']) {
      const only = await get<ChatSearchResults>(alice, `/api/conversations/search?q=${q}`);
      expect(
        only.body.groups.map((g) => (g.kind === 'groupChat' ? g.groupChat.id : g.character.id)),
        q,
      ).toEqual([watch.id, mira]);
    }
    const typo = await get<ChatSearchResults>(alice, `/api/conversations/search?q=snowstom`);
    expect(typo.body.groups.map((g) => g.kind === 'character' && g.character.id)).toEqual([oren]);
  });

  it('refuses an empty, too long or wordless query with a clear 400', async () => {
    for (const [q, message] of [
      ['', 'Type something to search for'],
      ['%20%20', 'Type something to search for'],
      ['x'.repeat(101), 'Search text must be at most 100 characters'],
      ['%3F%21', 'Search with letters or digits'],
    ] as const) {
      for (const url of [`/api/conversations/search?q=${q}`, `/api/conversations/${miraConv}/search?q=${q}`]) {
        const res = await get(alice, url);
        expect(res.status, url).toBe(400);
        expect(res.body.message, url).toContain(message);
      }
    }
    expect((await get(alice, `/api/conversations/search`)).status).toBe(400);
    expect((await get(alice, `/api/conversations/search?q=dragon&limit=51`)).status).toBe(400);
    expect((await t.app.inject({ url: `/api/conversations/search?q=dragon` })).statusCode).toBe(401);
  });
});

describe('the pages of a long conversation', () => {
  let t: TestApp;
  let alice: BuiltUser;
  let conv: string;

  beforeAll(async () => {
    t = await createTestApp();
    const owner = await buildUser(t);
    alice = await buildUser(t);
    const character = (await buildCharacter(t, owner, { name: 'Long Talker' })).id;
    conv = (await t.deps.uow.repos.chat.createConversation(alice.user.id, character)).id;
    await fillConversation(t.deps.database.db, conv, 1000, ['tea', 'rain', 'harbour', 'lantern']);
  }, 60_000);
  afterAll(() => t.close());

  const page = async (query: string) => {
    const res = await t.app.inject({ url: `/api/conversations/${conv}/messages${query}`, headers: alice.auth });
    expect(res.statusCode, res.body).toBe(200);
    const w = res.json() as MessageWindow;
    return { ...w, n: w.items.map((m) => Number(/^Message (\d+):/.exec(m.content)![1])) };
  };
  const range = (a: number, b: number) => Array.from({ length: b - a + 1 }, (_, i) => a + i);

  it('gives the newest page, then older pages before a message, oldest first within each', async () => {
    const newest = await page('?limit=40');
    expect(newest).toMatchObject({ hasOlder: true, hasNewer: false });
    expect(newest.n).toEqual(range(961, 1000));
    const older = await page(`?before=${newest.items[0]!.id}&limit=40`);
    expect(older.n).toEqual(range(921, 960));
    expect(older).toMatchObject({ hasOlder: true, hasNewer: true });
    const first = await page(`?before=${(await page(`?around=${older.items[0]!.id}&limit=2`)).items[0]!.id}&limit=100`);
    expect(first.n).toEqual(range(820, 919));
  });

  it('gives the page around a message and the newer pages after it', async () => {
    const start = await page('?limit=1');
    const oldest = await page(`?before=${start.items[0]!.id}&limit=100`);
    const target = oldest.items[50]!; // message 950
    const around = await page(`?around=${target.id}&limit=10`);
    expect(around.n).toEqual(range(945, 954));
    expect(around).toMatchObject({ hasOlder: true, hasNewer: true });
    const newer = await page(`?after=${around.items.at(-1)!.id}&limit=100`);
    expect(newer.n).toEqual(range(955, 1000));
    expect(newer.hasNewer).toBe(false);
  });

  it('refuses two cursors, an unknown message and a page too large', async () => {
    const id = (await page('?limit=1')).items[0]!.id;
    const two = await t.app.inject({ url: `/api/conversations/${conv}/messages?before=${id}&after=${id}`, headers: alice.auth });
    expect(two.statusCode).toBe(400);
    expect(two.json().message).toContain('Use one of before, after or around');
    const unknown = await t.app.inject({
      url: `/api/conversations/${conv}/messages?around=00000000-0000-4000-8000-000000000000`,
      headers: alice.auth,
    });
    expect(unknown.statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/conversations/${conv}/messages?limit=101`, headers: alice.auth })).statusCode).toBe(400);
  });
});
