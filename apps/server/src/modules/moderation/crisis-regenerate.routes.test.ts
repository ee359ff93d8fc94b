// The crisis turn follows the message a reply answers, however the reply is written (issue #44, docs/compliance.md
// "Crisis protocol"): after a person edits their message into one that expresses a crisis, a reply regenerated (the
// last one, or one in the middle), continued, or regenerated in a group steps out of the role-play as a new message's
// reply does; after an edit that takes the crisis words away, it does not. Read in the prompt the loopback model gets
// (and in the inspector's rebuild of it).
import type { ChatReply, GroupReply, GroupSession, RebuiltPrompt } from '@reverie/shared';
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
const LATER = 'Shall we walk to the harbour tomorrow?';
const STEP_OUT = 'step out of the role-play';
/** Every reply's prompt has the AI-honesty instruction; the summary's and the journal writer's do not. */
const HONESTY = 'sincerely asks whether they are talking to a human';
const year = new Date().getUTCFullYear();

beforeAll(async () => {
  // The country header is believed from a trusted proxy hop only: the test's requests come through loopback.
  ({ t, peer } = await peerChatApp('crisis-regenerate', { chatMessage: 1, dailyFreeMessages: 1000 }, { TRUST_PROXY: 'loopback' }));
  peer.behave({ kind: 'reply', parts: ['I hear you.'] });
  const owner = await buildUser(t);
  characterId = (await buildCharacter(t, owner, { name: 'Iris', description: 'Iris tends the lighthouse.' })).id;
  otherId = (await buildCharacter(t, owner, { name: 'Tomas', description: 'Tomas sails the ferry.' })).id;
}, 60_000);
afterAll(async () => {
  await t?.close();
  await peer?.close();
});

const post = (url: string, who: BuiltUser, payload?: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url, headers: { ...who.auth, 'cf-ipcountry': 'GB' }, ...(payload ? { payload } : {}) });
const edit = (anchorId: string, messageId: string, who: BuiltUser, content: string) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/chat/${anchorId}/message/${messageId}`,
    headers: { ...who.auth, 'cf-ipcountry': 'GB' },
    payload: { content },
  });

/**
 * Makes a reply (the request answers once it is saved) and returns the prompt the model got for it: the one reply
 * request made meanwhile (the background writers' requests lack the honesty line).
 */
async function promptOf(write: () => Promise<{ statusCode: number; body: string }>): Promise<string> {
  const from = peer.requests.length;
  const res = await write();
  expect(res.statusCode, res.body).toBe(200);
  const replies = peer.requests.slice(from).filter((r) => JSON.stringify(r.body.messages).includes(HONESTY));
  expect(replies).toHaveLength(1);
  return JSON.stringify(replies[0]!.body.messages);
}

/** The inspector's rebuild of the prompt of a reply's shown alternative. */
async function rebuilt(replyId: string, who: BuiltUser): Promise<string> {
  await t.deps.background.drain();
  const res = await t.app.inject({ url: `/api/messages/${replyId}/inspection/prompt`, headers: who.auth });
  expect(res.statusCode, res.body).toBe(200);
  return JSON.stringify((res.json() as RebuiltPrompt).messages);
}

async function counted(): Promise<number> {
  await t.deps.background.drain();
  const rows = await t.deps.uow.repos.crisis.year(year);
  return rows.filter((r) => r.region === 'GB').reduce((n, r) => n + r.count, 0);
}

describe('a reply to a message edited into a crisis', () => {
  it('steps out of the role-play when regenerated, regenerated in the middle or continued, one-to-one', async () => {
    const user = await buildUser(t);
    const chat = `/api/chat/${characterId}`;
    const sent = (await post(`${chat}/message`, user, { content: CALM })).json() as ChatReply;
    const conversationId = sent.reply.conversationId;
    expect(await promptOf(() => post(`${chat}/regenerate`, user, { conversationId }))).not.toContain(STEP_OUT);

    expect((await edit(characterId, sent.userMessage!.id, user, CRISIS)).statusCode).toBe(200);
    const before = await counted();
    const regenerated = await promptOf(() => post(`${chat}/regenerate`, user, { conversationId }));
    expect(regenerated).toContain(CRISIS);
    expect(regenerated).toContain(STEP_OUT);
    // The inspector rebuilds the crisis turn by the same rule: what the model got.
    expect(await rebuilt(sent.reply.id, user)).toBe(regenerated);
    const continued = await promptOf(() => post(`${chat}/continue`, user, { conversationId }));
    expect(continued).toContain(STEP_OUT);
    // (A continued reply's rebuild ends with the reply as it reads now, continuation included: not the same text.)
    expect(await rebuilt(sent.reply.id, user)).toContain(STEP_OUT);

    // A later, ordinary turn is ordinary; the reply in the middle, regenerated, still answers the crisis.
    const later = (await post(`${chat}/message`, user, { content: LATER, conversationId })).json() as ChatReply;
    expect(later.support).toBeNull();
    expect(await promptOf(() => post(`${chat}/regenerate`, user, { conversationId }))).not.toContain(STEP_OUT);
    const middle = await promptOf(() => post(`${chat}/regenerate`, user, { conversationId, messageId: sent.reply.id }));
    expect(middle).toContain(STEP_OUT);
    expect(middle).not.toContain(LATER);
    // A reply written again shows no new card and counts nothing: the message's card was counted by its edit.
    expect(await counted()).toBe(before);

    // The crisis words taken away: the reply is ordinary again, however it is written.
    expect((await edit(characterId, sent.userMessage!.id, user, CALM)).statusCode).toBe(200);
    expect(await promptOf(() => post(`${chat}/regenerate`, user, { conversationId, messageId: sent.reply.id }))).not.toContain(STEP_OUT);
    expect(await promptOf(() => post(`${chat}/continue`, user, { conversationId }))).not.toContain(STEP_OUT);
  });

  it('steps out of the role-play when regenerated or continued in a group, and not once the words are taken away', async () => {
    const user = await buildUser(t);
    const created = await post('/api/groups', user, { name: 'Harbour', characterIds: [characterId, otherId] });
    expect(created.statusCode, created.body).toBe(201);
    const group = (created.json() as GroupSession).group;
    const url = `/api/groups/${group.id}`;
    const sent = (await post(`${url}/message`, user, { content: CALM })).json() as GroupReply;
    expect(await promptOf(() => post(`${url}/regenerate`, user))).not.toContain(STEP_OUT);

    expect((await edit(group.chatCharacterId, sent.userMessage!.id, user, CRISIS)).statusCode).toBe(200);
    const regenerated = await promptOf(() => post(`${url}/regenerate`, user));
    expect(regenerated).toContain(CRISIS);
    expect(regenerated).toContain(STEP_OUT);
    expect(await promptOf(() => post(`${url}/continue`, user))).toContain(STEP_OUT);
    // Another member speaking after the reply answers that reply, not the person's message: in role.
    expect(await promptOf(() => post(`${url}/speak`, user, { characterId: otherId }))).not.toContain(STEP_OUT);

    expect((await edit(group.chatCharacterId, sent.userMessage!.id, user, CALM)).statusCode).toBe(200);
    const sentAgain = (await post(`${url}/message`, user, { content: LATER })).json() as GroupReply;
    expect(sentAgain.support).toBeNull();
    expect(await promptOf(() => post(`${url}/regenerate`, user))).not.toContain(STEP_OUT);
  });
});
