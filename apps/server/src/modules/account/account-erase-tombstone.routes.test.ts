// Erasing an account keeps other people's conversations with its characters (issue 47.2), through the real sweep: a
// character someone else chatted with or put in a group becomes a tombstone (name kept, definition and portrait
// wiped, deleted and private), so those conversations and groups stay readable and refuse new messages; a character
// nobody else used is deleted.
import type { ChatReply, GroupSession } from '@reverie/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { buildCharacter, buildUser, type BuiltUser } from '../../../test/factories.ts';
import { startOpenAiPeer, type OpenAiPeer } from '../../../test/openai-peer.ts';

describe("erasing an account keeps other people's conversations with its characters", () => {
  let t: TestApp;
  let peer: OpenAiPeer;

  beforeAll(async () => {
    peer = await startOpenAiPeer();
    peer.behave({ kind: 'reply', parts: ['Aye.'] });
    t = await createTestApp({ LLM_PROVIDER: 'openai', LLM_BASE_URL: peer.baseUrl, LLM_MODEL: 'peer-model', LLM_RETRIES: '0' });
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await peer.close();
  });

  const send = (u: BuiltUser, characterId: string) =>
    t.app.inject({ method: 'POST', url: `/api/chat/${characterId}/message`, headers: u.auth, payload: { content: 'Hello?' } });

  it('tombstones the characters others chatted with or grouped, and deletes the rest', async () => {
    const creator = await buildUser(t);
    const bob = await buildUser(t, { coins: 50 });
    const pub = await buildCharacter(t, creator, { name: 'Public Pete', description: 'SECRET-DESC', visibility: 'public' });
    const unlisted = await buildCharacter(t, creator, { name: 'Unlisted Una', visibility: 'unlisted' });
    const grouped = await buildCharacter(t, creator, { name: 'Group Gus', visibility: 'public' });
    const lonely = await buildCharacter(t, creator, { name: 'Lonely Lou', visibility: 'public' });
    await t.deps.uow.repos.characters.update(pub.id, { systemPrompt: 'SECRET-SYSTEM', avatarUrl: '/media/avatars/pete.webp' });
    const mine = await buildCharacter(t, bob, { name: 'Bob Own' });

    const chats: Record<string, string> = {};
    for (const c of [pub, unlisted]) {
      const res = await send(bob, c.id);
      expect(res.statusCode, res.body).toBe(200);
      chats[c.id] = (res.json() as ChatReply).reply.conversationId;
    }
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/groups',
      headers: bob.auth,
      payload: { name: 'Crew', characterIds: [grouped.id, mine.id] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const groupId = (created.json() as GroupSession).group.id;

    const scheduled = await t.app.inject({
      method: 'POST',
      url: '/api/account/deletion',
      headers: creator.auth,
      payload: { password: creator.password, publicCharacters: 'delete' },
    });
    expect(scheduled.statusCode, scheduled.body).toBe(202);
    expect(await t.modules.account.services.deletion.sweep(new Date(Date.now() + 31 * 86_400_000))).toBe(1);

    // Bob's conversations are still there and readable, with their messages.
    for (const c of [pub, unlisted]) {
      const page = await t.app.inject({ url: `/api/chat/history?characterId=${c.id}&conversationId=${chats[c.id]}`, headers: bob.auth });
      expect(page.statusCode, page.body).toBe(200);
      expect((page.json() as { items: Array<{ content: string }> }).items.map((m) => m.content)).toContain('Hello?');
      // No new messages: a clear refusal.
      const refused = await send(bob, c.id);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toMatch(/deleted by its creator/);
    }
    // The group keeps its first member, marked deleted, under its name.
    const group = await t.app.inject({ url: `/api/groups/${groupId}`, headers: bob.auth });
    expect(group.statusCode, group.body).toBe(200);
    expect((group.json() as GroupSession).group.members.find((m) => m.id === grouped.id)).toMatchObject({
      name: 'Group Gus',
      deleted: true,
    });

    // The tombstone keeps the name only; the character's page is gone; the unused character is deleted.
    const { characters } = t.deps.uow.repos;
    const stone = (await characters.findById(pub.id))!;
    expect(stone).toMatchObject({ name: 'Public Pete', description: '', systemPrompt: '', avatarUrl: null, visibility: 'private' });
    expect(stone.deletedAt).not.toBeNull();
    expect((await t.app.inject({ url: `/api/characters/${pub.id}` })).statusCode).toBe(404);
    expect(await characters.findById(lonely.id)).toBeUndefined();
  });
});
