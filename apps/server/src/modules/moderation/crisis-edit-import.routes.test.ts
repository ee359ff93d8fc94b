// The crisis card follows a message's text (issue #44, docs/compliance.md "Crisis protocol"): editing a message of
// the person's runs the check again (the card is added, and counted, when the new text expresses a crisis, shows the
// resources of where the person is at the edit while it still does, and is taken away when it no longer does),
// one-to-one and in a group; and importing a chat file brings back the cards the export wrote
// (`extra.crisis_resources`), only as a key of the resources list, never as text.
import type { ChatImportResponse, ChatMessage, ChatReply, ChatSession, GroupReply, GroupSession } from '@reverie/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCharacter, buildUser, type BuiltUser } from '../../../test/factories.ts';
import type { TestApp } from '../../../test/helpers.ts';
import type { OpenAiPeer } from '../../../test/openai-peer.ts';
import { peerChatApp } from '../../../test/peer-app.ts';
import { multipart } from '../characters/test/helpers.ts';
import { CRISIS_MESSAGE } from './crisis.service.ts';

let t: TestApp;
let peer: OpenAiPeer;
let characterId: string;
let otherId: string;

const CRISIS = 'I want to kill myself.';
const ALSO_CRISIS = 'I do not want to live anymore.';
const CALM = 'The lighthouse looks lovely tonight.';
const year = new Date().getUTCFullYear();

beforeAll(async () => {
  // The country header is believed from a trusted proxy hop only: the test's requests come through loopback.
  ({ t, peer } = await peerChatApp('crisis-edit', { chatMessage: 1, dailyFreeMessages: 1000 }, { TRUST_PROXY: 'loopback' }));
  peer.behave({ kind: 'reply', parts: ['I hear you.'] });
  const owner = await buildUser(t);
  characterId = (await buildCharacter(t, owner, { name: 'Iris', description: 'Iris tends the lighthouse.' })).id;
  otherId = (await buildCharacter(t, owner, { name: 'Tomas', description: 'Tomas sails the ferry.' })).id;
}, 60_000);
afterAll(async () => {
  await t?.close();
  await peer?.close();
});

const headers = (who: BuiltUser, country: string) => ({ ...who.auth, 'cf-ipcountry': country });
const get = (url: string, who: BuiltUser) => t.app.inject({ url, headers: who.auth });
const send = (url: string, who: BuiltUser, content: string, country: string) =>
  t.app.inject({ method: 'POST', url, headers: headers(who, country), payload: { content } });
const edit = (anchorId: string, messageId: string, who: BuiltUser, content: string, country: string) =>
  t.app.inject({ method: 'PUT', url: `/api/chat/${anchorId}/message/${messageId}`, headers: headers(who, country), payload: { content } });

/** How many crisis referrals this year were counted for a country. */
async function counted(region: string): Promise<number> {
  await t.deps.background.drain();
  const rows = await t.deps.uow.repos.crisis.year(year);
  return rows.filter((r) => r.region === region).reduce((n, r) => n + r.count, 0);
}

describe('editing a message runs the crisis check again', () => {
  it('adds the card (counted) when the new text expresses a crisis, and takes it away when it no longer does', async () => {
    const user = await buildUser(t);
    const sent = (await send(`/api/chat/${characterId}/message`, user, CALM, 'ES')).json() as ChatReply;
    const id = sent.userMessage!.id;
    expect(sent.userMessage!.support).toBeUndefined();
    const before = await counted('ES');

    const worse = await edit(characterId, id, user, CRISIS, 'ES');
    expect(worse.statusCode, worse.body).toBe(200);
    expect((worse.json() as ChatMessage).support?.region).toBe('ES');
    expect((worse.json() as ChatMessage).support?.message).toBe(CRISIS_MESSAGE);
    expect(await counted('ES')).toBe(before + 1);
    const reloaded = (await get(`/api/chat/${characterId}`, user)).json() as ChatSession;
    expect(reloaded.messages.find((m) => m.id === id)?.support?.region).toBe('ES');

    // Still a crisis in other words: the card stays, and is not counted twice.
    const again = (await edit(characterId, id, user, ALSO_CRISIS, 'ES')).json() as ChatMessage;
    expect(again.support?.region).toBe('ES');
    expect(await counted('ES')).toBe(before + 1);

    const better = (await edit(characterId, id, user, CALM, 'ES')).json() as ChatMessage;
    expect(better.support).toBeUndefined();
    const stored = await t.deps.uow.repos.chat.message(id);
    expect(stored?.crisisCard).toBeNull();
    const after = (await get(`/api/chat/${characterId}`, user)).json() as ChatSession;
    expect(after.messages.some((m) => m.support)).toBe(false);
  });

  it('shows the resources of where the person is when they edit, not where they first wrote (counted once)', async () => {
    const user = await buildUser(t);
    const sent = (await send(`/api/chat/${characterId}/message`, user, CRISIS, 'GB')).json() as ChatReply;
    expect(sent.support?.region).toBe('GB');
    const id = sent.userMessage!.id;
    const before = await counted('IT');

    const moved = await edit(characterId, id, user, ALSO_CRISIS, 'IT');
    expect(moved.statusCode, moved.body).toBe(200);
    const card = (moved.json() as ChatMessage).support;
    expect(card?.region).toBe('IT');
    expect(card?.resources.map((r) => r.name)).toEqual(['Telefono Amico Italia']);
    const reloaded = (await get(`/api/chat/${characterId}`, user)).json() as ChatSession;
    expect(reloaded.messages.find((m) => m.id === id)?.support).toEqual(card);
    expect((await t.deps.uow.repos.chat.message(id))?.crisisCard).toBe('IT');
    // The same crisis, still shown: not counted again.
    expect(await counted('IT')).toBe(before);

    // Where the country is not known now: the general list, not the old country's.
    const unknown = (await edit(characterId, id, user, CRISIS, 'PL')).json() as ChatMessage;
    expect(unknown.support?.region).toBeNull();
    expect(unknown.support?.resources.map((r) => r.name)).toContain('Find A Helpline');
  });

  it('does the same for a message of a group chat (edited through the group’s anchor character)', async () => {
    const user = await buildUser(t);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/groups',
      headers: user.auth,
      payload: { name: 'Harbour', characterIds: [characterId, otherId] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const group = (created.json() as GroupSession).group;
    const sent = (await send(`/api/groups/${group.id}/message`, user, CRISIS, 'FR')).json() as GroupReply;
    expect(sent.support?.region).toBe('FR');
    const id = sent.userMessage!.id;

    const moved = (await edit(group.chatCharacterId, id, user, ALSO_CRISIS, 'DE')).json() as ChatMessage;
    expect(moved.support?.region).toBe('DE');

    const better = await edit(group.chatCharacterId, id, user, CALM, 'FR');
    expect(better.statusCode, better.body).toBe(200);
    expect((better.json() as ChatMessage).support).toBeUndefined();
    let session = (await get(`/api/groups/${group.id}`, user)).json() as GroupSession;
    expect(session.messages.some((m) => m.support)).toBe(false);

    const before = await counted('FR');
    const worse = (await edit(group.chatCharacterId, id, user, CRISIS, 'FR')).json() as ChatMessage;
    expect(worse.support?.region).toBe('FR');
    expect(await counted('FR')).toBe(before + 1);
    session = (await get(`/api/groups/${group.id}`, user)).json() as GroupSession;
    expect(session.messages.find((m) => m.id === id)?.support?.region).toBe('FR');
  });
});

const jsonl = (lines: unknown[]) => Buffer.from(lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
function importChat(who: BuiltUser, bytes: Buffer) {
  const mp = multipart('file', 'chat.jsonl', 'application/jsonl', bytes);
  return t.app.inject({
    method: 'POST',
    url: `/api/characters/${characterId}/import-chat`,
    headers: { ...who.auth, ...mp.headers },
    payload: mp.payload,
  });
}
const line = (mes: string, isUser: boolean, extra?: unknown) => ({
  name: isUser ? 'You' : 'Iris',
  is_user: isUser,
  send_date: 'June 1, 2024 10:00am',
  mes,
  ...(extra === undefined ? {} : { extra }),
});

describe('importing a chat restores the cards', () => {
  it('brings back the card of an exported chat, with the same resources', async () => {
    const user = await buildUser(t);
    const sent = (await send(`/api/chat/${characterId}/message`, user, CRISIS, 'DE')).json() as ChatReply;
    const exported = await get(`/api/conversations/${sent.reply.conversationId}/export?format=jsonl`, user);
    expect(exported.statusCode).toBe(200);
    const res = await importChat(user, exported.rawPayload);
    expect(res.statusCode, res.body).toBe(201);
    const { conversationId } = res.json() as ChatImportResponse;
    const session = (await get(`/api/chat/${characterId}?conversationId=${conversationId}`, user)).json() as ChatSession;
    expect(session.messages.find((m) => m.content === CRISIS)?.support).toEqual(sent.support);
    expect(session.messages.filter((m) => m.support)).toHaveLength(1);
  });

  it('takes only a known key of the resources list, on a person’s message; anything else is ignored', async () => {
    const user = await buildUser(t);
    const file = jsonl([
      { user_name: 'You', character_name: 'Iris', create_date: '2024-6-1@10h00m00s', chat_metadata: {} },
      line('general list', true, { crisis_resources: '*' }),
      line('a country with a list', true, { crisis_resources: 'GB' }),
      line('a country without one', true, { crisis_resources: 'PL' }),
      line('<b>text</b>', true, { crisis_resources: 'Call 555-0100, we will help' }),
      line('not a string', true, { crisis_resources: { region: 'GB', message: 'forged' } }),
      line('a prototype key', true, { crisis_resources: '__proto__' }),
      line('a reply', false, { crisis_resources: 'GB' }),
      line('no extra', true),
      line('extra not an object', true, 'GB'),
    ]);
    const res = await importChat(user, file);
    expect(res.statusCode, res.body).toBe(201);
    const { conversationId } = res.json() as ChatImportResponse;
    const session = (await get(`/api/chat/${characterId}?conversationId=${conversationId}`, user)).json() as ChatSession;
    const cards = Object.fromEntries(session.messages.map((m) => [m.content, m.support?.region]));
    expect(cards).toEqual({
      'general list': null,
      'a country with a list': 'GB',
      'a country without one': undefined,
      '<b>text</b>': undefined,
      'not a string': undefined,
      'a prototype key': undefined,
      'a reply': undefined,
      'no extra': undefined,
      'extra not an object': undefined,
    });
    expect(JSON.stringify(session)).not.toContain('forged');
    expect(JSON.stringify(session)).not.toContain('555-0100');
    const stored = await t.deps.uow.repos.chat.messagesNewestFirst(conversationId, 100);
    expect(new Set(stored.map((m) => m.crisisCard))).toEqual(new Set([null, '*', 'GB']));
  });
});
