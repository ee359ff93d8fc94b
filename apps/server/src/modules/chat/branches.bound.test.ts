// #47.5: a fork copies the history up to its fork point (five branches of an 18,000-message chat grew the database
// from 151 to 476 MB), so the messages one user's branches hold are bounded (CHAT_BRANCH_MESSAGES_PER_USER), with a
// refusal that says what to do; the first conversation of a tree never counts, and deleting a branch frees its share.
import type { ChatSession, ForkResult } from '@reverie/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { buildCharacter, buildUser, type BuiltUser } from '../../../test/factories.ts';

describe('the messages in one user’s branches are bounded', () => {
  let t: TestApp;
  let alice: BuiltUser;
  let characterId: string;
  let otherCharacterId: string;

  const open = (u: BuiltUser, id: string) => t.app.inject({ url: `/api/chat/${id}`, headers: u.auth });
  const fork = (u: BuiltUser, conversationId: string, messageId: string) =>
    t.app.inject({ method: 'POST', url: `/api/conversations/${conversationId}/branches`, headers: u.auth, payload: { messageId } });

  /** A conversation with the greeting and `n` more messages; its messages oldest first. */
  async function chatOf(u: BuiltUser, id: string, n: number) {
    const session = (await open(u, id)).json() as ChatSession;
    const { chat } = t.deps.uow.repos;
    for (let i = 0; i < n; i++) {
      await chat.insertMessage({ conversationId: session.conversation.id, role: i % 2 ? 'assistant' : 'user', content: `line ${i}` });
    }
    await chat.touch(session.conversation.id, n);
    const messages = (await chat.messagesNewestFirst(session.conversation.id, 1000)).reverse();
    return { id: session.conversation.id, messages };
  }

  beforeAll(async () => {
    t = await createTestApp({ CHAT_BRANCH_MESSAGES_PER_USER: '10' });
    const owner = await buildUser(t);
    alice = await buildUser(t);
    characterId = (await buildCharacter(t, owner, { name: 'Mira Vale', greeting: 'Hello.' })).id;
    otherCharacterId = (await buildCharacter(t, owner, { name: 'Ode Marr', greeting: 'Hi.' })).id;
  }, 60_000);
  afterAll(() => t.close());

  it('refuses with 409 a fork that would pass the bound across every tree of the user, and frees room when a branch goes', async () => {
    const main = await chatOf(alice, characterId, 7); // 8 messages: the greeting and 7
    const other = await chatOf(alice, otherCharacterId, 7);

    const first = await fork(alice, main.id, main.messages[5]!.id); // copies 6: 6 of 10 held
    expect(first.statusCode).toBe(201);
    // Another tree counts too: 6 + 6 > 10.
    const over = await fork(alice, other.id, other.messages[5]!.id);
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe(
      'This branch would copy 6 messages, and your branches already hold 6 of the 10 they may hold in all. ' +
        'Branch from an earlier message, or delete a branch you no longer need first.',
    );
    // An earlier fork point fits: 6 + 4 = 10.
    expect((await fork(alice, other.id, other.messages[3]!.id)).statusCode).toBe(201);
    expect((await fork(alice, main.id, main.messages[0]!.id)).statusCode).toBe(409);

    // Deleting a branch frees its messages.
    const branchId = (first.json() as ForkResult).branch.id;
    expect((await t.app.inject({ method: 'DELETE', url: `/api/conversations/${branchId}`, headers: alice.auth })).statusCode).toBe(200);
    expect((await fork(alice, other.id, other.messages[5]!.id)).statusCode).toBe(201);
  });

  it('counts each user on their own', async () => {
    const bob = await buildUser(t);
    const main = await chatOf(bob, characterId, 9);
    expect((await fork(bob, main.id, main.messages[9]!.id)).statusCode).toBe(201); // 10 of 10
    expect((await fork(bob, main.id, main.messages[0]!.id)).statusCode).toBe(409);
  });
});
