// The crisis protocol and the AI-honesty instruction through the one reply pipeline (docs/compliance.md), one-to-one
// and in a group, against a loopback model that records every prompt: a message that expresses a crisis (in each of
// the six languages) shows resources for the person's country and the reply that turn steps out of the role-play;
// dark role-play lines do not; nothing is blocked; the counts hold no account and no words.
import type { ChatReply, CrisisReport, GroupReply, GroupSession } from '@reverie/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCrisisCorpus } from '../../../test/crisis-corpus.ts';
import { buildCharacter, buildUser, type BuiltUser } from '../../../test/factories.ts';
import type { TestApp } from '../../../test/helpers.ts';
import type { OpenAiPeer } from '../../../test/openai-peer.ts';
import { peerChatApp } from '../../../test/peer-app.ts';
import { takeEvents } from '../../../test/event-stream.ts';
import { buildStaff } from '../../../test/staff.ts';
import { CRISIS_LANGUAGES } from './crisis.ts';

let t: TestApp;
let peer: OpenAiPeer;
let user: BuiltUser;
let characterId: string;
let otherId: string;
let groupUrl: string;

const corpus = loadCrisisCorpus();
/** Two must-trigger and two must-not items of each language, from the labelled set. */
const pick = (items: typeof corpus.trigger, lang: string) => items.filter((i) => i.lang === lang).slice(0, 2);

beforeAll(async () => {
  // The country header is believed from a trusted proxy hop only: the test's requests come through loopback.
  ({ t, peer } = await peerChatApp('crisis', { chatMessage: 1, dailyFreeMessages: 1000 }, { TRUST_PROXY: 'loopback' }));
  peer.behave({ kind: 'reply', parts: ['I hear you.'] });
  user = await buildUser(t);
  const owner = await buildUser(t);
  characterId = (await buildCharacter(t, owner, { name: 'Iris', description: 'Iris tends the lighthouse.' })).id;
  otherId = (await buildCharacter(t, owner, { name: 'Tomas', description: 'Tomas sails the ferry.' })).id;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/groups',
    headers: user.auth,
    payload: { name: 'Harbour', characterIds: [characterId, otherId] },
  });
  expect(res.statusCode, res.body).toBe(201);
  groupUrl = `/api/groups/${(res.json() as GroupSession).group.id}/message`;
}, 60_000);
afterAll(async () => {
  await t?.close();
  await peer?.close();
});

/** As `user`, or another account (each stays under the chat's rate limit of 30 messages a minute). */
const send = (url: string, content: string, headers: Record<string, string> = {}, as: BuiltUser = user, remoteAddress?: string) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { ...as.auth, ...headers },
    payload: { content },
    ...(remoteAddress ? { remoteAddress } : {}),
  });
const oneToOne = () => `/api/chat/${characterId}/message`;
/** Everything the model was sent for the last reply, as one text. */
/**
 * The prompt of the reply to the message with this text: the latest request that carries it (not simply the last
 * request, since the summary and journal writers ask the model too, in the background).
 */
const promptFor = (text: string) => {
  const quoted = JSON.stringify(text).slice(1, -1);
  // A reply's prompt, not the summary's or the journal writer's (their transcripts carry the text too): every reply's
  // prompt has the AI-honesty instruction, and theirs do not.
  const request = peer.requests.findLast((r) => {
    const messages = JSON.stringify(r.body.messages);
    return messages.includes(quoted) && messages.includes(HONESTY);
  });
  if (!request) throw new Error(`no request to the model carried: ${text}`);
  return JSON.stringify(request.body.messages);
};
const STEP_OUT = 'step out of the role-play';
const HONESTY = 'sincerely asks whether they are talking to a human';

describe('a message that expresses a crisis', () => {
  it('shows the resources for the country in the chat, in each of six languages, and the reply steps out of role', async () => {
    for (const lang of CRISIS_LANGUAGES) {
      for (const item of pick(corpus.trigger, lang)) {
        const res = await send(oneToOne(), item.text, { 'cf-ipcountry': 'GB' });
        expect(res.statusCode, `${lang}: ${item.text}`).toBe(200); // nothing is blocked
        const body = res.json() as ChatReply;
        expect(body.userMessage?.content).toBe(item.text);
        expect(body.support?.region, item.text).toBe('GB');
        expect(body.support?.resources.map((r) => r.name)).toContain('Samaritans');
        expect(body.support?.message).toMatch(/talking to an AI/);
        expect(promptFor(item.text), item.text).toContain(STEP_OUT);
      }
    }
  });

  it('in a group too, as the stream starts; an unknown country gets the general list', async () => {
    const [item] = pick(corpus.trigger, 'fr');
    const res = await send(groupUrl, item!.text, { accept: 'text/event-stream' });
    const start = takeEvents(res.body).events.find((e) => e.event === 'start')!;
    const support = start.data.support as NonNullable<ChatReply['support']>;
    expect(support.region).toBeNull();
    expect(support.resources.map((r) => r.name)).toContain('Find A Helpline');
    expect(promptFor(item!.text)).toContain(STEP_OUT);
    const json = (await send(groupUrl, pick(corpus.trigger, 'de')[0]!.text, { 'cf-ipcountry': 'de' })).json() as GroupReply;
    expect(json.support?.region).toBe('DE');
    expect(json.support?.resources[0]?.contact).toMatch(/0800 111 0 111/);
  });

  it('believes the country header only from a trusted proxy hop: a client that reaches the server directly gets the general list', async () => {
    const [item] = pick(corpus.trigger, 'en');
    const body = (await send(oneToOne(), item!.text, { 'cf-ipcountry': 'GB' }, user, '203.0.113.9')).json() as ChatReply;
    expect(body.support?.region).toBeNull();
    expect(body.support?.resources.map((r) => r.name)).toContain('Find A Helpline');
  });

  it('dark role-play, figures of speech and ordinary chat show nothing and stay in role', async () => {
    const writer = await buildUser(t);
    const group = await t.app.inject({
      method: 'POST',
      url: '/api/groups',
      headers: writer.auth,
      payload: { name: 'Keep', characterIds: [characterId, otherId] },
    });
    const writersGroup = `/api/groups/${(group.json() as GroupSession).group.id}/message`;
    for (const lang of CRISIS_LANGUAGES) {
      for (const item of pick(corpus.calm, lang)) {
        for (const url of [oneToOne(), writersGroup]) {
          const body = (await send(url, item.text, { 'cf-ipcountry': 'US' }, writer)).json() as ChatReply;
          expect(body.support ?? null, `${lang}: ${item.text}`).toBeNull();
          expect(promptFor(item.text), item.text).not.toContain(STEP_OUT);
        }
      }
    }
  });

  it('is counted per day, country, language and layer, with no account and no words; admins read the year', async () => {
    // The table's columns (no account, conversation or text) are checked in db/crisis-counts.test.ts.
    await t.deps.background.drain();
    const admin = await buildStaff(t, 'admin');
    const year = new Date().getUTCFullYear();
    const res = await t.app.inject({ url: `/api/admin/crisis-report?year=${year}`, headers: admin.auth });
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json() as CrisisReport;
    // 12 one-to-one messages (GB), 1 group message (unknown), 1 group message (DE), 1 from an untrusted hop (unknown).
    expect(report.total).toBe(15);
    const of = (region: string) => report.rows.filter((r) => r.region === region).reduce((n, r) => n + r.count, 0);
    expect([of('GB'), of('ZZ'), of('DE')]).toEqual([12, 2, 1]);
    expect(new Set(report.rows.map((r) => r.language))).toEqual(new Set(CRISIS_LANGUAGES));
    expect(JSON.stringify(report)).not.toContain(user.user.id);
    const bad = await t.app.inject({ url: '/api/admin/crisis-report?year=abc', headers: admin.auth });
    expect(bad.statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/admin/crisis-report', headers: user.auth })).statusCode).toBe(403);
  });
});

describe('the AI-honesty instruction', () => {
  it('is in every prompt, one-to-one and in a group, even under a system prompt of its own', async () => {
    const owner = await buildUser(t);
    const human = await buildCharacter(t, owner, {
      name: 'Noor',
      description: 'Noor runs the bakery.',
      systemPrompt: 'You are {{char}}, a real human. Never admit to being an AI.',
    });
    const asker = await buildUser(t);
    const group = await t.app.inject({
      method: 'POST',
      url: '/api/groups',
      headers: asker.auth,
      payload: { name: 'Ask', characterIds: [human.id, otherId] },
    });
    const askersGroup = `/api/groups/${(group.json() as GroupSession).group.id}/message`;
    for (const url of [oneToOne(), `/api/chat/${human.id}/message`, askersGroup]) {
      const res = await send(url, 'Are you a real person? Honestly.', {}, asker);
      expect(res.statusCode, res.body).toBe(200);
      const system = (JSON.parse(promptFor('Are you a real person? Honestly.')) as Array<{ role: string; content: string }>)[0]!;
      expect(system.role, url).toBe('system');
      if (url.includes(human.id)) expect(system.content).toContain('You are Noor, a real human. Never admit to being an AI.');
      expect(system.content, url).toMatch(
        /played by an AI: if .+ sincerely asks whether they are talking to a human, say that you are an AI\. Never claim to be human\./,
      );
    }
  });
});
