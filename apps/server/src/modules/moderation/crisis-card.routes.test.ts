// The crisis card stays with its message (issue #44.3, docs/compliance.md "Crisis protocol"): a user's message that
// expressed a crisis is stored with the key of the resources shown, so every read of the conversation (the session,
// the history, a page of messages, a group's session) shows the card again, the export has it, and it goes with the
// message. Only the list's key is stored: the card's text comes from the server's list.
import type {
  AccountExport,
  ChatMessage,
  ChatReply,
  ChatSession,
  GroupReply,
  GroupSession,
  MessageWindow,
  RebuiltPrompt,
} from '@reverie/shared';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCharacter, buildUser, type BuiltUser } from '../../../test/factories.ts';
import type { TestApp } from '../../../test/helpers.ts';
import type { OpenAiPeer } from '../../../test/openai-peer.ts';
import { peerChatApp } from '../../../test/peer-app.ts';

let t: TestApp;
let peer: OpenAiPeer;
let characterId: string;
let otherId: string;

const CRISIS = 'I want to kill myself.';
const CALM = 'The lighthouse looks lovely tonight.';

beforeAll(async () => {
  // The country header is believed from a trusted proxy hop only: the test's requests come through loopback.
  ({ t, peer } = await peerChatApp('crisis-card', { chatMessage: 1, dailyFreeMessages: 1000 }, { TRUST_PROXY: 'loopback' }));
  peer.behave({ kind: 'reply', parts: ['I hear you.'] });
  const owner = await buildUser(t);
  characterId = (await buildCharacter(t, owner, { name: 'Iris', description: 'Iris tends the lighthouse.' })).id;
  otherId = (await buildCharacter(t, owner, { name: 'Tomas', description: 'Tomas sails the ferry.' })).id;
}, 60_000);
afterAll(async () => {
  await t?.close();
  await peer?.close();
});

const get = (url: string, who: BuiltUser) => t.app.inject({ url, headers: who.auth });
const send = (url: string, who: BuiltUser, content: string, country?: string) =>
  t.app.inject({ method: 'POST', url, headers: { ...who.auth, ...(country ? { 'cf-ipcountry': country } : {}) }, payload: { content } });
const byContent = (messages: ChatMessage[], content: string) => messages.find((m) => m.content === content);

describe('the crisis card, one-to-one', () => {
  it('is listed with the message after a reload: the session, the history and a page of messages', async () => {
    const user = await buildUser(t);
    const sent = await send(`/api/chat/${characterId}/message`, user, CRISIS, 'GB');
    expect(sent.statusCode, sent.body).toBe(200);
    const reply = sent.json() as ChatReply;
    expect(reply.userMessage?.support).toEqual(reply.support);
    await send(`/api/chat/${characterId}/message`, user, CALM, 'GB');

    const session = (await get(`/api/chat/${characterId}`, user)).json() as ChatSession;
    const card = byContent(session.messages, CRISIS)?.support;
    expect(card?.region).toBe('GB');
    expect(card?.resources.map((r) => r.name)).toContain('Samaritans');
    expect(card?.message).toMatch(/talking to an AI/);
    expect(card).toEqual(reply.support);
    // Only that message: the calm one and the replies carry no card.
    expect(session.messages.filter((m) => m.support)).toHaveLength(1);

    const conversationId = session.conversation.id;
    const history = (await get(`/api/chat/history?characterId=${characterId}&conversationId=${conversationId}`, user)).json() as {
      items: ChatMessage[];
    };
    expect(byContent(history.items, CRISIS)?.support).toEqual(card);
    const page = (await get(`/api/conversations/${conversationId}/messages`, user)).json() as MessageWindow;
    expect(byContent(page.items, CRISIS)?.support).toEqual(card);
  });

  it('lets the inspector rebuild the crisis turn of the reply it brought, as the model got it', async () => {
    const user = await buildUser(t);
    const reply = (await send(`/api/chat/${characterId}/message`, user, CRISIS, 'GB')).json() as ChatReply;
    const sent = JSON.stringify(peer.requests.at(-1)!.body.messages);
    expect(sent).toContain('step out of the role-play');
    await t.deps.background.drain();
    const rebuilt = (await get(`/api/messages/${reply.reply.id}/inspection/prompt`, user)).json() as RebuiltPrompt;
    expect(JSON.stringify(rebuilt.messages)).toBe(sent);
    // The next, ordinary turn is ordinary in the rebuild too.
    const calm = (await send(`/api/chat/${characterId}/message`, user, CALM, 'GB')).json() as ChatReply;
    await t.deps.background.drain();
    const next = (await get(`/api/messages/${calm.reply.id}/inspection/prompt`, user)).json() as RebuiltPrompt;
    expect(JSON.stringify(next.messages)).toBe(JSON.stringify(peer.requests.at(-1)!.body.messages));
    expect(JSON.stringify(next.messages)).not.toContain('step out of the role-play');
  });

  it('keeps the general list for a country without one, and never becomes another user’s to read', async () => {
    const user = await buildUser(t);
    await send(`/api/chat/${characterId}/message`, user, CRISIS, 'PL');
    const session = (await get(`/api/chat/${characterId}`, user)).json() as ChatSession;
    const card = byContent(session.messages, CRISIS)?.support;
    expect(card?.region).toBeNull();
    expect(card?.resources.map((r) => r.name)).toContain('Find A Helpline');
    const stranger = await buildUser(t);
    expect((await get(`/api/conversations/${session.conversation.id}/messages`, stranger)).statusCode).toBe(404);
  });

  it('is in the export, and goes with the message when it is deleted', async () => {
    const user = await buildUser(t);
    await send(`/api/chat/${characterId}/message`, user, CRISIS, 'DE');
    const session = (await get(`/api/chat/${characterId}`, user)).json() as ChatSession;
    const message = byContent(session.messages, CRISIS)!;
    expect(message.support?.region).toBe('DE');

    const files = await accountExport(user);
    const chat = Object.entries(files).find(([name]) => name.startsWith('chats/'))![1];
    const lines = chat
      .trim()
      .split('\n')
      .slice(1)
      .map((l) => JSON.parse(l) as { mes: string; extra: Record<string, unknown> });
    expect(lines.find((l) => l.mes === CRISIS)?.extra).toEqual({ crisis_resources: 'DE' });
    expect(lines.filter((l) => l.mes !== CRISIS).every((l) => Object.keys(l.extra).length === 0)).toBe(true);

    const del = await t.app.inject({ method: 'DELETE', url: `/api/chat/${characterId}/message/${message.id}`, headers: user.auth });
    expect(del.statusCode, del.body).toBe(200);
    const after = (await get(`/api/chat/${characterId}`, user)).json() as ChatSession;
    expect(after.messages.some((m) => m.support)).toBe(false);
    const stored = await t.deps.uow.repos.chat.messagesNewestFirst(session.conversation.id, 100);
    expect(stored.filter((m) => m.crisisCard !== null)).toEqual([]);
  });
});

describe('the crisis card in a group', () => {
  it('is listed with the message when the group is opened again', async () => {
    const user = await buildUser(t);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/groups',
      headers: user.auth,
      payload: { name: 'Harbour', characterIds: [characterId, otherId] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const groupId = (created.json() as GroupSession).group.id;
    const sent = (await send(`/api/groups/${groupId}/message`, user, CRISIS, 'FR')).json() as GroupReply;
    expect(sent.support?.region).toBe('FR');
    await send(`/api/groups/${groupId}/message`, user, CALM, 'FR');

    const session = (await get(`/api/groups/${groupId}`, user)).json() as GroupSession;
    expect(byContent(session.messages, CRISIS)?.support).toEqual(sent.support);
    expect(session.messages.filter((m) => m.support)).toHaveLength(1);
    const page = (await get(`/api/conversations/${session.group.conversationId}/messages`, user)).json() as MessageWindow;
    expect(byContent(page.items, CRISIS)?.support).toEqual(sent.support);
  });
});

/** The account's "Download my data" zip, its files as text. */
async function accountExport(who: BuiltUser): Promise<Record<string, string>> {
  const res = await t.app.inject({ method: 'POST', url: '/api/account/exports', headers: who.auth });
  expect(res.statusCode, res.body).toBe(202);
  const { id } = (res.json() as { export: AccountExport }).export;
  for (let i = 0; i < 200; i++) {
    const list = (await get('/api/account/exports', who)).json() as { exports: AccountExport[] };
    if (list.exports.find((e) => e.id === id)?.status !== 'pending') break;
    await new Promise((r) => setTimeout(r, 50));
  }
  const download = await get(`/api/account/exports/${id}/download`, who);
  expect(download.statusCode).toBe(200);
  const files = unzipSync(download.rawPayload);
  return Object.fromEntries(Object.entries(files).map(([name, bytes]) => [name, Buffer.from(bytes).toString('utf8')]));
}
