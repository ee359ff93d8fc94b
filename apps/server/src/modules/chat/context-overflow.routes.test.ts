// A model server that still reports a context overflow after the trimmed retry (#46.3, #46.5): every kind of reply
// (a message, Continue, Regenerate, a group reply) is asked twice, then refused with the documented 422 — never a 502,
// never a charge — and only a typed message is told to shorten the message.
import type { ChatReply, GroupSession } from '@reverie/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/helpers.ts';
import { peerChatApp } from '../../../test/peer-app.ts';
import { buildCharacter, buildUser, type BuiltUser } from '../../../test/factories.ts';
import type { OpenAiPeer } from '../../../test/openai-peer.ts';

const OVERFLOW = 'request (600 tokens) exceeds the available context size (8192 tokens), try increasing it';

describe('a context overflow the trimmed retry does not cure', () => {
  let t: TestApp;
  let peer: OpenAiPeer;
  let owner: BuiltUser;
  let characterId: string;
  let memberIds: string[];

  beforeAll(async () => {
    // No free messages: every reply costs 2 coins, so a charge shows in the balance.
    ({ t, peer } = await peerChatApp('context-overflow', { chatMessage: 2, dailyFreeMessages: 0 }));
    owner = await buildUser(t);
    characterId = (await buildCharacter(t, owner, { name: 'Steady Person' })).id;
    memberIds = [(await buildCharacter(t, owner, { name: 'Alice Moreau' })).id, (await buildCharacter(t, owner, { name: 'Bob' })).id];
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await peer.close();
  });

  const post = (u: BuiltUser, url: string, payload: Record<string, unknown> = {}) =>
    t.app.inject({ method: 'POST', url, headers: u.auth, payload });
  const balance = async (u: BuiltUser) => (await t.deps.uow.repos.users.findById(u.user.id))!.coins;

  /** Runs `act` against a server that refuses every prompt as too long: the 422, two requests, nothing charged. */
  async function refused(u: BuiltUser, act: () => ReturnType<typeof post>) {
    const before = await balance(u);
    const asked = peer.requests.length;
    peer.behave({ kind: 'http-error', status: 400, message: OVERFLOW });
    const res = await act();
    peer.behave({ kind: 'reply', parts: ['Fine.'] });
    expect(res.statusCode, `${res.body} ${JSON.stringify(peer.requests.slice(asked).map((r) => r.body.messages))}`).toBe(422);
    expect(res.json().error).toMatchObject({ code: 'UNPROCESSABLE', details: { rule: 'context_size', field: 'content' } });
    expect(res.json().message).toMatch(/nothing was charged\.$/);
    expect(res.json().message).not.toMatch(/try again/i);
    // Asked once, then once more trimmed to the server's count (unless that count leaves no room at all): never a third.
    expect(peer.requests.length - asked).toBeGreaterThanOrEqual(1);
    expect(peer.requests.length - asked).toBeLessThanOrEqual(2);
    expect(await balance(u)).toBe(before);
    return res.json().message as string;
  }

  it('a typed message: the 422 says to shorten the message', async () => {
    const u = await buildUser(t, { coins: 10 });
    // The first overflow teaches the token estimate the server's count (it may answer that the character is too big).
    await refused(u, () => post(u, `/api/chat/${characterId}/message`, { content: 'A long story.' }));
    const message = await refused(u, () => post(u, `/api/chat/${characterId}/message`, { content: 'A long story.' }));
    expect(message).toContain('Shorten the message');
  });

  it('Continue and Regenerate: the same 422, without advice to shorten a message nobody typed', async () => {
    const u = await buildUser(t, { coins: 10 });
    const first = await post(u, `/api/chat/${characterId}/message`, { content: 'Hello.' });
    expect(first.statusCode, first.body).toBe(200);
    const conversationId = (first.json() as ChatReply).reply.conversationId;
    for (const kind of ['continue', 'regenerate']) {
      const message = await refused(u, () => post(u, `/api/chat/${characterId}/${kind}`, { conversationId }));
      expect(message, kind).not.toMatch(/shorten the message/i);
      expect(message, kind).toMatch(
        /^The model server counted \d+ tokens .*Start a new conversation, or shorten or delete some of the earlier messages; nothing was charged\.$/,
      );
    }
  });

  it('a group reply: the same 422, nothing charged', async () => {
    const u = await buildUser(t, { coins: 10 });
    const created = await post(u, '/api/groups', { name: 'Harbour crew', characterIds: memberIds });
    expect(created.statusCode, created.body).toBe(201);
    const group = created.json() as GroupSession;
    const message = await refused(u, () => post(u, `/api/groups/${group.group.id}/message`, { content: 'A long story.' }));
    expect(message).toContain('Shorten the message');
    // Asking a member to speak (nothing typed) is not told to shorten a message.
    const spoken = await refused(u, () => post(u, `/api/groups/${group.group.id}/speak`, { characterId: memberIds[1] }));
    expect(spoken).not.toMatch(/shorten the message/i);
  });
});
