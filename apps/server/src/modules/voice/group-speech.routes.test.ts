// A group chat's replies read aloud (#42, point 2): each in the voice of the member who wrote it (checked by the voice
// the loopback speech peer was asked for), only in the caller's own group, priced, refunded and checked as a
// one-to-one Listen is (voice.routes.test.ts).
import type { ChatSession, GroupSession, VoiceStatusResponse } from '@reverie/shared';
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { buildCharacter, buildUser, type BuiltUser } from '../../../test/factories.ts';
import { loadCatalog } from '../billing/catalog.ts';
import { startSpeechPeer, type SpeechPeer } from '../../providers/speech/test/peer.ts';
import { SPEAK_RATE } from './voice.routes.ts';

let t: TestApp;
let peer: SpeechPeer;
/** Three public characters of another creator: Alice, Bob and Cara, each with a voice of the creator's choosing. */
const ids = { alice: '', bob: '', cara: '' };

/** One free use a day, then 2 coins a Listen (as voice.routes.test.ts). */
async function voiceCatalog(): Promise<string> {
  const file = path.join(os.tmpdir(), `reverie-group-voice-catalog-${process.pid}.json`);
  const one = { speech: 1, transcription: 1 };
  const voice = { costs: { speech: 2, transcription: 2 }, dailyFree: { free: one, premium: one, ultimate: one } };
  await writeFile(file, JSON.stringify({ voice, plans: loadCatalog(undefined).plans }));
  return file;
}

beforeAll(async () => {
  peer = await startSpeechPeer({ phrases: ['hello world'] });
  t = await createTestApp({
    SPEECH_PROVIDER: 'openai',
    SPEECH_URL: peer.url,
    SPEECH_VOICE: 'en-us',
    BILLING_CATALOG_FILE: await voiceCatalog(),
  });
  const creator = await buildUser(t);
  const voices = { alice: 'en-us+m1', bob: 'en-gb', cara: 'en-us+f2' } as const;
  for (const name of ['alice', 'bob', 'cara'] as const) {
    const row = await buildCharacter(t, creator, { name: name[0]!.toUpperCase() + name.slice(1) });
    await t.deps.uow.repos.characters.update(row.id, { voice: voices[name] });
    ids[name] = row.id;
  }
}, 60_000);
afterAll(async () => {
  await t.close();
  await peer.close();
});

const uuid = () => crypto.randomUUID();

async function group(u: BuiltUser, characterIds = [ids.alice, ids.bob, ids.cara]) {
  const res = await t.app.inject({ method: 'POST', url: '/api/groups', headers: u.auth, payload: { name: 'Harbour crew', characterIds } });
  expect(res.statusCode).toBe(201);
  return (res.json() as GroupSession).group;
}

/** A reply of the group saved as the pipeline saves one: under its speaker (null: the character was erased). */
async function reply(g: { conversationId: string }, speakerId: string | null, content: string, role: 'assistant' | 'user' = 'assistant') {
  return (await t.deps.uow.repos.chat.insertMessage({ conversationId: g.conversationId, role, content, speakerId })).id;
}

const speak = (u: BuiltUser, groupId: string, messageId: string, playId = uuid(), sentence = 0) =>
  t.app.inject({
    method: 'POST',
    url: `/api/groups/${groupId}/message/${messageId}/speech`,
    headers: u.auth,
    payload: { playId, sentence },
  });
const status = async (u: BuiltUser) => (await t.app.inject({ url: '/api/voice/status', headers: u.auth })).json() as VoiceStatusResponse;
const lastVoice = () => (peer.requests.at(-1)?.body as { voice?: string; input?: string } | undefined) ?? {};

describe('a group chat read aloud', () => {
  it('reads each reply in its speaker’s voice: the creator’s, the user’s own choice, a member who left or was deleted', async () => {
    const u = await buildUser(t, { coins: 50 });
    const g = await group(u);
    const [a, b, c] = [await reply(g, ids.alice, 'Ahoy.'), await reply(g, ids.bob, 'Hello world.'), await reply(g, ids.cara, 'Hi.')];
    const spoken = await speak(u, g.id, a);
    expect(spoken.statusCode).toBe(200);
    expect(spoken.headers['content-type']).toBe('audio/mpeg');
    expect(spoken.headers['x-speech-sentences']).toBe('1');
    expect(spoken.headers['cache-control']).toBe('private, no-store');
    // Marked as made by AI, as every spoken sentence (an ID3v2.4 tag with the IPTC source type).
    expect(spoken.rawPayload.subarray(0, 3).toString('latin1')).toBe('ID3');
    expect(spoken.rawPayload.includes(Buffer.from('trainedAlgorithmicMedia'))).toBe(true);
    expect(lastVoice()).toEqual(expect.objectContaining({ input: 'Ahoy.', voice: 'en-us+m1' }));
    expect((await speak(u, g.id, b)).statusCode).toBe(200);
    expect(lastVoice().voice).toBe('en-gb');
    // The user's own voice for Bob wins over the creator's, in the group as in a one-to-one chat.
    const set = await t.app.inject({
      method: 'PATCH',
      url: '/api/voice/settings',
      headers: u.auth,
      payload: { voice: { characterId: ids.bob, voiceId: 'en-us+f2' } },
    });
    expect(set.statusCode).toBe(200);
    expect((await speak(u, g.id, b)).statusCode).toBe(200);
    expect(lastVoice().voice).toBe('en-us+f2');
    // Cara leaves the group: her earlier reply is still hers, in her voice.
    expect((await t.app.inject({ method: 'DELETE', url: `/api/groups/${g.id}/members/${ids.cara}`, headers: u.auth })).statusCode).toBe(
      200,
    );
    expect((await speak(u, g.id, c)).statusCode).toBe(200);
    expect(lastVoice()).toEqual(expect.objectContaining({ input: 'Hi.', voice: 'en-us+f2' }));
    // A character deleted by its creator still exists (soft): its voice. One erased (speaker_id set null): the default.
    const creator = await buildUser(t);
    const gone = await buildCharacter(t, creator, { name: 'Dana' });
    await t.deps.uow.repos.characters.update(gone.id, { voice: 'en-gb' });
    const d = await reply(g, gone.id, 'Farewell.');
    await t.deps.uow.repos.characters.softDelete(gone.id);
    expect((await speak(u, g.id, d)).statusCode).toBe(200);
    expect(lastVoice().voice).toBe('en-gb');
    // One its creator has since made private: the reply is on the owner's page already, so it is read in its voice.
    const hidden = await buildCharacter(t, creator, { name: 'Eli' });
    await t.deps.uow.repos.characters.update(hidden.id, { voice: 'en-us+m1' });
    const e = await reply(g, hidden.id, 'Quiet now.');
    await t.deps.uow.repos.characters.update(hidden.id, { visibility: 'private' });
    expect((await speak(u, g.id, e)).statusCode).toBe(200);
    expect(lastVoice().voice).toBe('en-us+m1');
    expect((await speak(u, g.id, await reply(g, null, 'Who was that?'))).statusCode).toBe(200);
    expect(lastVoice().voice).toBe('en-us');
  });

  it("is the owner's only: another user's group or message is a 404 like a missing one, and nothing is spoken or charged", async () => {
    const [a, b] = [await buildUser(t), await buildUser(t)];
    const [ga, gb] = [await group(a), await group(b)];
    const msg = await reply(ga, ids.alice, 'Hello world.');
    const before = peer.requests.length;
    expect((await speak(b, ga.id, msg)).statusCode).toBe(404); // another's group and message
    expect((await speak(b, gb.id, msg)).statusCode).toBe(404); // another's message through one's own group
    expect((await speak(a, gb.id, msg)).statusCode).toBe(404); // one's own message through another's group
    expect((await speak(a, uuid(), msg)).statusCode).toBe(404); // no such group
    expect((await speak(a, ga.id, uuid())).statusCode).toBe(404); // no such message
    // A reply of one's other group, or of a one-to-one chat, is not this group's.
    const other = await group(a, [ids.bob, ids.cara]);
    expect((await speak(a, ga.id, await reply(other, ids.bob, 'Hello world.'))).statusCode).toBe(404);
    const s = (await t.app.inject({ url: `/api/chat/${ids.alice}`, headers: a.auth })).json() as ChatSession;
    const single = await t.deps.uow.repos.chat.insertMessage({ conversationId: s.conversation.id, role: 'assistant', content: 'Hello.' });
    expect((await speak(a, ga.id, single.id)).statusCode).toBe(404);
    // And the group's reply is not a one-to-one reply of its anchor character (it would be read in the wrong voice).
    const anchor = await t.app.inject({
      method: 'POST',
      url: `/api/chat/${ga.chatCharacterId}/message/${msg}/speech`,
      headers: a.auth,
      payload: { playId: uuid(), sentence: 0 },
    });
    expect(anchor.statusCode).toBe(404);
    expect(peer.requests.length).toBe(before);
    expect((await status(a)).prices?.speech.allowance.used).toBe(0);
  });

  it('prices, refunds, caps and checks a group reply as a one-to-one Listen', async () => {
    const u = await buildUser(t, { coins: 5 });
    const g = await group(u);
    const id = await reply(g, ids.bob, 'Good morning. How are you?');
    // Two sentences, one Listen: one free use.
    const play = uuid();
    expect((await speak(u, g.id, id, play, 0)).headers['x-speech-sentences']).toBe('2');
    expect((await speak(u, g.id, id, play, 1)).statusCode).toBe(200);
    expect((await speak(u, g.id, id, play, 2)).statusCode).toBe(400);
    expect((await status(u)).prices).toMatchObject({ speech: { allowance: { used: 1, remaining: 0 } }, balance: 5 });
    expect((await speak(u, g.id, id)).statusCode).toBe(200); // 2 coins
    expect((await status(u)).prices?.balance).toBe(3);
    peer.failNext(1);
    const failedPlay = uuid();
    const failed = await speak(u, g.id, id, failedPlay);
    expect(failed.statusCode).toBe(503);
    expect(failed.json().message).toMatch(/Nothing was charged/);
    expect((await status(u)).prices?.balance).toBe(3);
    expect((await speak(u, g.id, id, failedPlay, 1)).statusCode).toBe(409);
    expect((await speak(u, g.id, id)).statusCode).toBe(200); // 2 coins: 1 left
    const short = await speak(u, g.id, id);
    expect(short.statusCode).toBe(402);
    expect(short.json().error.details).toMatchObject({ cost: 2, balance: 1 });
    // The user's own line, and a reply the policy refuses now, are not spoken (nothing charged).
    const before = peer.requests.length;
    expect((await speak(u, g.id, await reply(g, null, 'Hello world.', 'user'))).statusCode).toBe(422);
    const refused = await speak(u, g.id, await reply(g, ids.alice, 'She is a 12 year old girl and we have sex.'));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.code).toBe('CONTENT_BLOCKED');
    expect(peer.requests.length).toBe(before);
  });

  it('holds a Listen of a group reply to the daily spending cap', async () => {
    const u = await buildUser(t, { coins: 10 });
    const g = await group(u);
    const id = await reply(g, ids.cara, 'Hello world.');
    await speak(u, g.id, id); // the free use
    const cap = await t.app.inject({
      method: 'PUT',
      url: '/api/coins/limits',
      headers: u.auth,
      payload: { daily: 1, monthly: null, confirmAbove: null },
    });
    expect(cap.statusCode).toBe(200);
    const capped = await speak(u, g.id, id);
    expect(capped.statusCode).toBe(402);
    expect(capped.json().error.code).toBe('SPENDING_CAP');
    expect((await status(u)).prices?.balance).toBe(10);
  });

  it('counts its sentences in the same per-user limit as one-to-one Listens (429 with Retry-After)', async () => {
    const u = await buildUser(t);
    const g = await group(u);
    const id = await reply(g, ids.alice, 'Hello world.');
    // The minute's sentences used up under the rule the one-to-one route counts in: the group's route is refused too.
    for (let i = 0; i < SPEAK_RATE.limit; i++) await t.deps.rateLimiter.consume([{ rule: SPEAK_RATE, key: u.user.id }]);
    const before = peer.requests.length;
    const limited = await speak(u, g.id, id);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(peer.requests.length).toBe(before);
  });
});
