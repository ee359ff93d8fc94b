// A fork (modules/chat/branches.repo.ts) copies the rows of every per-conversation settings table listed in
// FORK_COPIED_TABLES to the branch, as the persona chosen for a conversation must be. Here in db/ because the test
// makes a table of that shape itself (only db/ and repositories use Drizzle).
import { sql } from 'drizzle-orm';
import { pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { buildCharacter, buildUser } from '../../test/factories.ts';
import { FORK_COPIED_TABLES } from '../modules/chat/index.ts';

const choices = pgTable('fork_test_choices', {
  conversationId: uuid('conversation_id').primaryKey(),
  choice: text('choice').notNull(),
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('copies a per-conversation setting kept in a table of its own to the branch', async () => {
  const user = await buildUser(t);
  const character = await buildCharacter(t, user, { greeting: 'Hello.' });
  const { chat, branches } = t.deps.uow.repos;
  const conv = await chat.createConversation(user.user.id, character.id, ['Hello.']);
  const [greeting] = await chat.messagesNewestFirst(conv.id, 1);
  const other = await chat.createConversation(user.user.id, character.id, ['Hello.']);
  const { db } = t.deps.database;
  await db.execute(
    sql`create table fork_test_choices (conversation_id uuid primary key references conversations(id) on delete cascade, choice text not null)`,
  );
  await db.insert(choices).values([
    { conversationId: conv.id, choice: 'Captain Sam' },
    { conversationId: other.id, choice: 'Someone else' },
  ]);
  FORK_COPIED_TABLES.push({ table: choices, conversationColumn: choices.conversationId });
  try {
    const branchId = await branches.fork(conv.id, greeting!.id);
    expect(branchId).toBeDefined();
    const rows = await db.select().from(choices);
    expect(rows).toHaveLength(3);
    expect(rows).toEqual(expect.arrayContaining([{ conversationId: branchId, choice: 'Captain Sam' }]));
    // A fork that finds no message makes nothing, settings included.
    expect(await branches.fork(conv.id, other.id)).toBeUndefined();
    expect(await db.select().from(choices)).toHaveLength(3);
  } finally {
    FORK_COPIED_TABLES.pop();
    await db.execute(sql`drop table fork_test_choices`);
  }
});
