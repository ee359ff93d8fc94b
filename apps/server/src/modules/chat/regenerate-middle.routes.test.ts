// Issue #28: after an edit in the middle of a conversation, regenerating the reply right after the edited message
// (POST …/regenerate with `messageId`): a new swipe of THAT reply, written from the history up to the edited message.
import type { ChatMessage, ChatReply, ChatSession } from '@reverie/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { buildCharacter, buildUser, type BuiltUser } from '../../../test/factories.ts';
import { startOpenAiPeer, type OpenAiPeer } from '../../../test/openai-peer.ts';

describe('regenerating a reply in the middle of a conversation', () => {
  let t: TestApp;
  let peer: OpenAiPeer;
  let owner: BuiltUser;
  let characterId: string;

  beforeAll(async () => {
    peer = await startOpenAiPeer();
    t = await createTestApp({ LLM_PROVIDER: 'openai', LLM_BASE_URL: peer.baseUrl, LLM_MODEL: 'peer-model', LLM_RETRIES: '0' });
    owner = await buildUser(t);
    characterId = (await buildCharacter(t, owner, { name: 'Middle Person', greeting: 'Hi there.' })).id;
  });
  afterAll(async () => {
    await t.close();
    await peer.close();
  });

  const session = async (u: BuiltUser) => (await t.app.inject({ url: `/api/chat/${characterId}`, headers: u.auth })).json() as ChatSession;
  const send = (u: BuiltUser, content: string) =>
    t.app.inject({ method: 'POST', url: `/api/chat/${characterId}/message`, headers: u.auth, payload: { content } });
  const regenerate = (u: BuiltUser, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: `/api/chat/${characterId}/regenerate`, headers: u.auth, payload });

  async function threeExchanges(u: BuiltUser) {
    for (const [i, text] of ['Where is the map?', 'And the boat?', 'Who steers it?'].entries()) {
      peer.behave({ kind: 'reply', parts: [`Answer ${i + 1}.`] });
      expect((await send(u, text)).statusCode).toBe(200);
    }
    return session(u);
  }

  it('adds a swipe to the reply after the edited message, from the history up to it; later messages stay', async () => {
    const u = await buildUser(t);
    const before = await threeExchanges(u);
    expect(before.messages.map((m) => m.content)).toEqual([
      'Hi there.',
      'Where is the map?',
      'Answer 1.',
      'And the boat?',
      'Answer 2.',
      'Who steers it?',
      'Answer 3.',
    ]);
    const [, first, reply1] = before.messages as [ChatMessage, ChatMessage, ChatMessage];
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/chat/${characterId}/message/${first.id}`,
      headers: u.auth,
      payload: { content: 'Where is the old chart?' },
    });
    expect(edit.statusCode).toBe(200);

    peer.behave({ kind: 'reply', parts: ['In the', ' drawer.'] });
    const res = await regenerate(u, { conversationId: before.conversation.id, messageId: reply1.id });
    expect(res.statusCode).toBe(200);
    const body = res.json() as ChatReply;
    expect(body.userMessage).toBeNull();
    expect(body.reply).toMatchObject({ id: reply1.id, content: 'In the drawer.', swipes: ['Answer 1.', 'In the drawer.'], swipeIndex: 1 });

    // The model saw the conversation up to the edited message, not what came after it, nor the old reply.
    const prompt = peer.requests.at(-1)!.body.messages as Array<{ role: string; content: string }>;
    expect(prompt.at(-1)).toMatchObject({ role: 'user', content: 'Where is the old chart?' });
    const all = JSON.stringify(prompt);
    for (const later of ['Answer 1.', 'And the boat?', 'Answer 2.', 'Who steers it?', 'Answer 3.']) expect(all).not.toContain(later);

    const after = await session(u);
    expect(after.messages.map((m) => m.content)).toEqual([
      'Hi there.',
      'Where is the old chart?',
      'In the drawer.',
      'And the boat?',
      'Answer 2.',
      'Who steers it?',
      'Answer 3.',
    ]);
    // It costs what a regenerate costs: one message of the free allowance.
    expect(after.cost.freeLeft).toBe(before.cost.freeLeft - 1);
  });

  it('refuses a message that is not a reply (409), the greeting (409), and an id from elsewhere (404), charging nothing', async () => {
    const u = await buildUser(t);
    const s = await threeExchanges(u);
    const [greeting, first] = s.messages as [ChatMessage, ChatMessage];
    const userMessage = await regenerate(u, { conversationId: s.conversation.id, messageId: first.id });
    expect(userMessage.statusCode).toBe(409);
    expect(userMessage.json()).toMatchObject({ message: expect.stringContaining('Only a reply can be regenerated') });
    const greet = await regenerate(u, { conversationId: s.conversation.id, messageId: greeting.id });
    expect(greet.statusCode).toBe(409);
    expect(greet.json()).toMatchObject({ message: expect.stringContaining('greeting') });

    // Another user's reply named in one's own conversation, and one's reply in someone else's conversation.
    const other = await buildUser(t);
    const theirs = await threeExchanges(other);
    const foreignReply = theirs.messages[2]!.id;
    expect((await regenerate(u, { conversationId: s.conversation.id, messageId: foreignReply })).statusCode).toBe(404);
    expect((await regenerate(u, { conversationId: theirs.conversation.id, messageId: foreignReply })).statusCode).toBe(404);
    expect((await regenerate(u, { conversationId: s.conversation.id, messageId: 'not-an-id' })).statusCode).toBe(400);
    const unchanged = await session(u);
    expect(unchanged.cost.freeLeft).toBe(s.cost.freeLeft);
    expect(unchanged.messages.map((m) => m.content)).toEqual(s.messages.map((m) => m.content));
  });
});
