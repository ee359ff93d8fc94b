// The typo lexicon of chat search (#47.14) is each user's own: one user's chats (an import of many messages) never
// grow another user's look-alikes, a word goes when the last message holding it is edited or deleted, and a deleted
// conversation takes its words with it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { buildCharacter, buildUser, type BuiltUser } from '../../../test/factories.ts';
import { addChatMessages } from '../../db/seed/chat-messages.ts';

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
const similar = async (u: BuiltUser, word: string) => (await t.deps.uow.repos.chatSearch.similarWords(u.user.id, [word])).get(word);
const lexicon = (word: string) => t.deps.uow.repos.chatSearch.lexiconCount(word);
const conversationOf = async (u: BuiltUser) => (await t.deps.uow.repos.chat.createConversation(u.user.id, character)).id;

describe('chat search typo lexicon', () => {
  it("grows from one user's import for that user only", async () => {
    const bobConv = await conversationOf(bob);
    const imported = Array.from({ length: 400 }, (_, i) => `Line ${i}: the xylophonist plays to the quartermaster${i}.`);
    await addChatMessages(db(), bobConv, imported);
    expect(await similar(bob, 'xylophonsit')).toEqual(['xylophonist']);
    // Alice has no such word in her chats: her typos are not widened into Bob's words.
    await addChatMessages(db(), await conversationOf(alice), ['The lighthouse keeper waves.']);
    expect(await similar(alice, 'xylophonsit')).toEqual([]);
    expect(await similar(alice, 'quartermaster7')).toEqual([]);
    const search = await t.app.inject({ url: '/api/conversations/search?q=xylophonsit', headers: alice.auth });
    expect(search.statusCode).toBe(200);
    expect(search.json().groups).toEqual([]);
  });

  it('drops a deleted conversation’s words, and a word whose last message is edited or deleted', async () => {
    const conv = await conversationOf(alice);
    const [first, second] = await addChatMessages(db(), conv, ['A quizzical owl.', 'Another quizzical look, and a marmalade jar.']);
    expect(await lexicon('quizzical')).toBe(2);
    await t.deps.uow.repos.chat.updateMessage(first!, { content: 'A sleepy owl.', edited: true });
    expect(await lexicon('quizzical')).toBe(1);
    expect(await lexicon('sleepy')).toBe(1);
    await t.deps.uow.repos.chat.deleteMessage(second!);
    expect(await lexicon('quizzical')).toBe(0);
    expect(await lexicon('marmalade')).toBe(0);

    const gone = await conversationOf(alice);
    await addChatMessages(db(), gone, ['The zeppelin drifts over the harbour.']);
    expect(await lexicon('zeppelin')).toBe(1);
    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/conversations/${gone}`, headers: alice.auth });
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    expect(await lexicon('zeppelin')).toBe(0);
    expect(await similar(alice, 'zepelin')).toEqual([]);
  });
});
