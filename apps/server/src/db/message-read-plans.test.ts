// The reads of a conversation's messages touch what they return, however long the conversation. The newest (or the
// oldest) few come straight from the index in the order asked for: the index was once made in an order neither
// `ORDER BY seq DESC` nor `ORDER BY seq` is (DESC NULLS LAST, migration 0042), so every such read fetched the whole
// conversation and sorted it (4.5 ms for the newest 21 of 10,000 messages, and the chats list did it for each
// conversation). Recall's words match the stored words, never parsing a message again: where the planner reads the
// conversation's messages instead of the words' index, parsing each one cost 48 ms of a chat message's first read in a
// 10,000-message conversation (migration 0043). The plans of the statements, as the repositories send them, are
// explained (ANALYZE) over conversations of 2,000 messages.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { buildCharacter, buildUser, type BuiltUser } from '../../test/factories.ts';
import { explained, rowsRead } from './query-plans.ts';
import { fillConversation } from './seed/chat-messages.ts';
import { ChatSearchRepo } from '../modules/chat-search/chat-search.repo.ts';

const MESSAGES = 2_000;

describe('reads of a long conversation touch what they return', () => {
  let t: TestApp;
  let reader: BuiltUser;
  const conversationIds: string[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    reader = await buildUser(t);
    const owner = await buildUser(t);
    const { chat } = t.deps.uow.repos;
    for (const name of ['Mira Vale', 'Tomas Reed', 'Ada Quill']) {
      const characterId = (await buildCharacter(t, owner, { name })).id;
      const id = (await chat.createConversation(reader.user.id, characterId)).id;
      await fillConversation(t.deps.database.db, id, MESSAGES, ['tea', 'rain', 'harbour', 'lantern', 'letters', 'bridge'], 6);
      conversationIds.push(id);
    }
    await t.deps.database.db.execute(sql`analyze`);
  }, 120_000);
  afterAll(() => t.close());

  /** The most rows any step of `run`'s statements read from chat_messages, with the steps for the message. */
  async function mostRead(run: () => Promise<unknown>): Promise<{ rows: number; steps: string }> {
    const plans = await explained(t.deps.database.db, run);
    expect(plans.length).toBeGreaterThan(0);
    const read = plans.flatMap((plan) => rowsRead(plan, 'chat_messages')).sort((a, b) => b.rows - a.rows);
    return { rows: read[0]?.rows ?? 0, steps: JSON.stringify(read) };
  }

  it('the newest messages of a conversation (a reply’s history, the chat’s first page)', async () => {
    const { chat } = t.deps.uow.repos;
    const read = await mostRead(() => chat.messagesNewestFirst(conversationIds[0]!, 41));
    expect(read.rows, read.steps).toBeLessThanOrEqual(41);
  });

  // Without recall's search by words, whose plan (a GIN index or the conversation's messages, by the planner's choice
  // for the conversation's size) is measured by `npm run bench:memory`.
  it('a chat message’s first read: the newest messages', async () => {
    const { chat, chatContext } = t.deps.uow.repos;
    const characterId = (await chat.conversation(conversationIds[0]!))!.characterId;
    const read = await mostRead(() =>
      chatContext.context({ userId: reader.user.id, characterId, conversationId: conversationIds[0]!, limit: 21, recallQuery: null }),
    );
    expect(read.rows, read.steps).toBeLessThanOrEqual(21);
  });

  it('recall’s words in the first read: matched against the stored words, no message parsed again', async () => {
    const { chat, chatContext } = t.deps.uow.repos;
    const characterId = (await chat.conversation(conversationIds[0]!))!.characterId;
    // A limit of its own: the statement is prepared once per limit and keeps the logger it was first run with.
    const plans = await explained(t.deps.database.db, () =>
      chatContext.context({
        userId: reader.user.id,
        characterId,
        conversationId: conversationIds[0]!,
        limit: 23,
        recallQuery: 'zebra | harbour',
      }),
    );
    expect(plans).toHaveLength(1);
    const plan = JSON.stringify(plans[0]);
    expect(plan).toContain('content_words');
    expect(plan).not.toContain('to_tsvector');
  });

  it('older pages and the messages up to one in the middle', async () => {
    const { chat } = t.deps.uow.repos;
    const search = new ChatSearchRepo(t.deps.database.db);
    const seq = await search.seqOf(conversationIds[0]!, (await chat.messagesNewestFirst(conversationIds[0]!, 1, 1000))[0]!.id);
    const older = await mostRead(() => search.olderThan(conversationIds[0]!, seq, 40));
    expect(older.rows, older.steps).toBeLessThanOrEqual(41);
    const middle = (await chat.messagesNewestFirst(conversationIds[0]!, 1, 500))[0]!.id;
    const upTo = await mostRead(() => chat.messagesUpTo(conversationIds[0]!, middle, 21));
    expect(upTo.rows, upTo.steps).toBeLessThanOrEqual(21);
  });

  it('the oldest messages, in order (summaries)', async () => {
    const { chat } = t.deps.uow.repos;
    const read = await mostRead(() => chat.messagesInOrder(conversationIds[0]!, 0, 40));
    expect(read.rows, read.steps).toBeLessThanOrEqual(40);
  });

  it('the chats list: the last message of each conversation, not all of them', async () => {
    const { chat } = t.deps.uow.repos;
    const read = await mostRead(() => chat.listConversations(reader.user.id, { limit: 20, offset: 0 }));
    expect(read.rows, read.steps).toBeLessThanOrEqual(conversationIds.length);
  });
});
