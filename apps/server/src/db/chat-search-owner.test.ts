// The search across chats matches each user's own words (#47.6, migration 0039): every message carries its
// conversation's owner (chat_messages.user_id, kept by a trigger), and its words are indexed under that owner. The
// owner-prefixed match must find exactly what plain full-text search finds, for the owner only. Here in db/ because
// the test reads the column and calls the functions in SQL (only db/ and repositories use Drizzle).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { buildCharacter, buildUser, type BuiltUser } from '../../test/factories.ts';
import { addChatMessages, fillConversation } from './seed/chat-messages.ts';

let t: TestApp;
let alice: BuiltUser;
let bob: BuiltUser;
let character: string;

beforeAll(async () => {
  t = await createTestApp();
  const owner = await buildUser(t);
  alice = await buildUser(t);
  bob = await buildUser(t);
  character = (await buildCharacter(t, owner, { name: 'Mira Vale' })).id;
});
afterAll(() => t.close());

const db = () => t.deps.database.db;
const rows = async <T>(q: ReturnType<typeof sql>) => ((await db().execute(q)) as unknown as { rows: T[] }).rows;
const conversationOf = async (u: BuiltUser) => (await t.deps.uow.repos.chat.createConversation(u.user.id, character)).id;
const ownersOf = async (conversationId: string) =>
  (await rows<{ user_id: string | null }>(sql`select user_id from chat_messages where conversation_id = ${conversationId}`)).map(
    (r) => r.user_id,
  );

const TEXTS = [
  'Dragons, dragons! The DRAGON sleeps.',
  "See http://ex.com/a'b and O'Neil's lanterns by the lantern-light.",
  'The lantern²harbour sign, and a harbour lantern.',
  'Café naïve abc123 42 lighthouse',
  'the a of',
  'A back\\slash and "quoted" words.',
];
// tsqueries as the service writes them (wordsQuery): words, a last word as a prefix, look-alikes as alternatives;
// "lantern²harbour" is one word to the service and a phrase to to_tsquery.
const QUERIES = [
  'dragons',
  'lantern',
  'harbour & lantern',
  'lantern²harbour',
  'lantern²harbour:*',
  'lig:*',
  '(lantrn | lantern) & harbour:*',
  'café',
  'abc123',
  'the',
  'o & neil:*',
  'slash',
  'ex:*',
];

describe('chat search by owner', () => {
  it('gives every message its conversation’s owner, however it is written (a fork’s copies too), and follows a message moved to another conversation', async () => {
    const conv = await conversationOf(alice);
    await addChatMessages(db(), conv, ['Hello there.', 'Hello back.']);
    await fillConversation(db(), conv, 5, ['quiet', 'tonight']);
    expect(await ownersOf(conv)).toEqual(Array(7).fill(alice.user.id));
    // A fork writes its conversation and copies the messages in one statement: the copies still find their owner.
    const [, last] = await t.deps.uow.repos.chat.messagesNewestFirst(conv, 2);
    const branch = await t.deps.uow.repos.branches.fork(conv, last!.id);
    expect(await ownersOf(branch!)).toEqual(Array(6).fill(alice.user.id));
    const bobs = await conversationOf(bob);
    await db().execute(sql`update chat_messages set conversation_id = ${bobs} where conversation_id = ${conv}`);
    expect(await ownersOf(bobs)).toEqual(Array(7).fill(bob.user.id));
  });

  it('matches exactly what full-text search matches, phrases, prefixes and stop words included, and only for the owner', async () => {
    const conv = await conversationOf(alice);
    await addChatMessages(db(), conv, TEXTS);
    for (const q of QUERIES) {
      const [r] = await rows<{ plain: number[]; own: number[]; other: number[] }>(sql`
        select
          coalesce(array_agg(m.seq order by m.seq) filter (where to_tsvector('english', m.content) @@ to_tsquery('english', ${q})), '{}') as plain,
          coalesce(array_agg(m.seq order by m.seq) filter (
            where chat_search_user_words(m.user_id, m.content) @@ chat_search_user_query(${alice.user.id}, to_tsquery('english', ${q}))), '{}') as own,
          coalesce(array_agg(m.seq order by m.seq) filter (
            where chat_search_user_words(m.user_id, m.content) @@ chat_search_user_query(${bob.user.id}, to_tsquery('english', ${q}))), '{}') as other
        from chat_messages m where m.conversation_id = ${conv}`);
      expect(r!.own, q).toEqual(r!.plain);
      expect(r!.other, q).toEqual([]);
    }
    // The cases above are not all empty: the phrase matches only where its words are next to each other.
    const across = async (tsquery: string) =>
      (await t.deps.uow.repos.chatSearch.acrossConversations(alice.user.id, { tsquery }, 20, 0, 10)).flatMap((g) =>
        g.hits.map((h) => h.content),
      );
    expect(await across('lantern²harbour')).toEqual([TEXTS[2]]);
    expect(await across('o & neil:*')).toEqual([TEXTS[1]]);
    expect(await across('lig:*')).toEqual([TEXTS[3], TEXTS[1]]);
    expect(await across('the')).toEqual([]);
  });
});
