// Calls over a real WebSocket on a real listening server, against the loopback peers the voice tests use: speech
// that espeak-ng really makes and pocketsphinx really hears, and an OpenAI-compatible chat peer with scripted replies.
// Three turns land in the chat as ordinary messages; a barge-in stops the reply (saved incomplete) and its speech;
// refusals (origin, token, another user's chat, one call per user, the process's cap, no coins) are sentences;
// transcripts pass the content policy before the model sees them; a failed synthesis refunds the minute.
import type { ChatSession, VoiceStatusResponse } from '@reverie/shared';
import { callPath } from '@reverie/shared';
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { buildCharacter, buildUser, type BuiltUser } from '../../../test/factories.ts';
import { startOpenAiPeer, type OpenAiPeer } from '../../../test/openai-peer.ts';
import { espeakWav, startSpeechPeer, type SpeechPeer } from '../../providers/speech/test/peer.ts';
import { loadCatalog } from '../billing/catalog.ts';
import { ALREADY_IN_CALL, SERVER_FULL } from './call-admission.ts';
import { CallMeter, type MeterCharge } from './call-meter.ts';
import { openCall as dial, type CallClient } from './test/call-client.ts';

const BLOCKED = 'she is a twelve year old girl and we have sex';
const PHRASES = [
  'hello world the weather is nice today',
  'please tell me a story about the dragon',
  'open the door of the castle',
  BLOCKED,
];

let t: TestApp;
let chatPeer: OpenAiPeer;
let speechPeer: SpeechPeer;
let base: string;
let owner: BuiltUser;
let characterId: string;
const wavs = new Map<string, Buffer>();

/** One free call minute a day on every plan, 2 coins a minute beyond. */
async function callCatalog(): Promise<string> {
  const c = loadCatalog(undefined);
  const file = path.join(os.tmpdir(), `reverie-calls-catalog-${process.pid}.json`);
  const free = { speech: 5, transcription: 5, call: 1 };
  const voice = { costs: { speech: 1, transcription: 1, call: 2 }, dailyFree: { free, premium: free, ultimate: free } };
  await writeFile(file, JSON.stringify({ voice, plans: c.plans }));
  return file;
}

beforeAll(async () => {
  [chatPeer, speechPeer] = await Promise.all([startOpenAiPeer(), startSpeechPeer({ phrases: PHRASES })]);
  t = await createTestApp({
    LLM_PROVIDER: 'openai',
    LLM_BASE_URL: chatPeer.baseUrl,
    LLM_MODEL: 'peer-model',
    LLM_RETRIES: '0',
    SPEECH_PROVIDER: 'openai',
    SPEECH_URL: speechPeer.url,
    SPEECH_VOICE: 'en-us',
    TRANSCRIPTION_PROVIDER: 'openai',
    TRANSCRIPTION_URL: speechPeer.url,
    VOICE_MAX_SECONDS: '8',
    VOICE_MAX_BYTES: '600000',
    CALLS_MAX_PER_PROCESS: '2',
    BILLING_CATALOG_FILE: await callCatalog(),
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  base = `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  owner = await buildUser(t);
  characterId = (await buildCharacter(t, owner, { name: 'Mira Vale', greeting: 'Hello there.' })).id;
  // The refused phrase in another voice, as the voice tests hear it best.
  for (const p of PHRASES) wavs.set(p, await espeakWav(p, p === BLOCKED ? 'en-us+m1' : 'en-us'));
}, 90_000);
afterAll(async () => {
  await t.close();
  await Promise.all([chatPeer.close(), speechPeer.close()]);
});

const urlOf = (id = characterId, query = '') => `${base}${callPath(id)}${query}`;

/** A signed-in call that is ready. */
async function ready(u: BuiltUser, id = characterId): Promise<CallClient> {
  const c = await dial(urlOf(id));
  const ready = c.next('ready');
  c.send({ type: 'auth', token: u.accessToken });
  await ready;
  return c;
}

async function hangUp(c: CallClient): Promise<void> {
  c.send({ type: 'hang-up' });
  await c.closed;
}

const session = async (u: BuiltUser) => (await t.app.inject({ url: `/api/chat/${characterId}`, headers: u.auth })).json() as ChatSession;
const status = async (u: BuiltUser) => (await t.app.inject({ url: '/api/voice/status', headers: u.auth })).json() as VoiceStatusResponse;

describe('a call', () => {
  it('runs three turns: each utterance a message, each reply spoken sentence by sentence and saved', async () => {
    const u = await buildUser(t);
    const c = await ready(u);
    expect(c.events('ready')[0]).toMatchObject({ type: 'ready', charge: { outcome: 'free', cost: 0 } });
    const said = PHRASES.slice(0, 3);
    for (const [i, phrase] of said.entries()) {
      chatPeer.behave({ kind: 'reply', parts: [`Reply ${i + 1} begins.`, ' It has a second sentence', ' and ends here.'] });
      const transcript = c.next('transcript');
      const end = c.next('turn-end');
      c.ws.send(wavs.get(phrase)!);
      expect((await transcript).text).toBe(phrase);
      expect(await end).toMatchObject({ status: 'complete', interrupted: false });
    }
    const starts = c.events('audio-start');
    // Two sentences a reply, each announced and then sent as MP3 (an ID3 tag: the AI mark first).
    expect(starts.map((e) => (e.type === 'audio-start' ? e.text : ''))).toEqual([
      'Reply 1 begins.',
      'It has a second sentence and ends here.',
      'Reply 2 begins.',
      'It has a second sentence and ends here.',
      'Reply 3 begins.',
      'It has a second sentence and ends here.',
    ]);
    const audio = c.audio();
    expect(audio).toHaveLength(6);
    for (const a of audio) expect(a.subarray(0, 3).toString('latin1')).toBe('ID3');
    await hangUp(c);
    // The turns are the chat's messages, as if typed and answered.
    const messages = (await session(u)).messages.map((m) => [m.role, m.content]);
    expect(messages.slice(-6)).toEqual(
      said.flatMap((p, i) => [
        ['user', p],
        ['assistant', `Reply ${i + 1} begins. It has a second sentence and ends here.`],
      ]),
    );
    // Three chat messages of the day's free ones, and one call minute.
    expect((await status(u)).prices?.call.allowance).toMatchObject({ limit: 1, used: 1 });
  }, 60_000);

  it('barge-in stops the reply where it was (saved incomplete) and the speech not yet sent', async () => {
    const u = await buildUser(t);
    const c = await ready(u);
    chatPeer.behave({ kind: 'endless', everyMs: 40 });
    const firstAudio = c.next('audio-start', 5_000).catch(() => 'none');
    const end = c.next('turn-end');
    const requests = chatPeer.requests.length;
    c.ws.send(wavs.get(PHRASES[0]!)!);
    // The endless reply is " more more more…": no sentence end, so it is spoken only at the end. Wait for words.
    await c.next('reply-text');
    c.send({ type: 'barge-in' });
    const ended = await end;
    expect(ended).toMatchObject({ status: 'incomplete', interrupted: true });
    // The model's request was closed (the Stop reached it).
    await expect.poll(() => chatPeer.requests[requests]?.closedAt, { timeout: 5_000 }).toBeDefined();
    await hangUp(c);
    // Nothing of the stopped reply was spoken: its words had no sentence end, and the rest was dropped.
    await expect(firstAudio).resolves.toBe('none');
    const last = (await session(u)).messages.at(-1)!;
    expect(last).toMatchObject({ role: 'assistant', status: 'incomplete', id: ended.messageId });
    expect(last.content.trim()).toMatch(/^more( more)*$/);
  }, 60_000);

  it('speaking over the character stops it and answers the new utterance next', async () => {
    const u = await buildUser(t);
    const c = await ready(u);
    // Slow enough that the reply is still being written when the first sentence's audio has come (its synthesis may
    // take seconds on a loaded machine): a reply written to its end is saved whole, only its playback is cut.
    chatPeer.behave({ kind: 'reply', parts: ['One.', ' Two.', ' Three.', ' Four.', ' Five.', ' Six.'], delayMs: 1_500 });
    const first = c.next('audio-start');
    const firstEnd = c.next('turn-end');
    c.ws.send(wavs.get(PHRASES[0]!)!);
    await first;
    chatPeer.behave({ kind: 'reply', parts: ['Yes, the dragon.'] });
    c.ws.send(wavs.get(PHRASES[1]!)!);
    expect(await firstEnd).toMatchObject({ interrupted: true, status: 'incomplete' });
    const second = await c.next('turn-end');
    expect(second).toMatchObject({ interrupted: false, status: 'complete' });
    expect(c.events('transcript').map((e) => (e.type === 'transcript' ? e.text : ''))).toEqual([PHRASES[0], PHRASES[1]]);
    await hangUp(c);
  }, 60_000);

  it('puts the transcript through the content policy before the model: a refusal is a sentence and the call goes on', async () => {
    const u = await buildUser(t);
    const c = await ready(u);
    const requests = chatPeer.requests.length;
    const error = c.next('error');
    c.ws.send(wavs.get(BLOCKED)!);
    expect(await error).toMatchObject({ code: 'CONTENT_BLOCKED', fatal: false });
    expect(chatPeer.requests.length).toBe(requests);
    expect((await session(u)).messages.some((m) => m.role === 'user')).toBe(false);
    chatPeer.behave({ kind: 'reply', parts: ['The door opens.'] });
    const end = c.next('turn-end');
    c.ws.send(wavs.get(PHRASES[2]!)!);
    expect(await end).toMatchObject({ status: 'complete' });
    await hangUp(c);
  }, 60_000);

  it('speaks only what passed the policy: a reply the policy stops is not spoken past what was allowed', async () => {
    const u = await buildUser(t);
    const c = await ready(u);
    chatPeer.behave({ kind: 'reply', parts: ['Hello there. ', 'She is a 12 year old girl and we have sex.'], delayMs: 200 });
    const end = c.next('turn-end');
    c.ws.send(wavs.get(PHRASES[0]!)!);
    expect(await end).toMatchObject({ status: 'blocked' });
    const said = c.events('audio-start').map((e) => (e.type === 'audio-start' ? e.text : ''));
    const shown = c.events('reply-text').map((e) => (e.type === 'reply-text' ? e.delta : ''));
    // What came before the stop passed, and was spoken; nothing after it was.
    expect(said).toEqual(['Hello there.']);
    expect(shown.join('')).not.toMatch(/12|girl/);
    const speech = speechPeer.requests.filter((r) => r.path === '/v1/audio/speech').map((r) => (r.body as { input: string }).input);
    expect(speech.join(' ')).not.toMatch(/12|girl/);
    await hangUp(c);
  }, 60_000);

  it('ends with a sentence and refunds the minute when the voice fails', async () => {
    const u = await buildUser(t);
    const c = await ready(u);
    expect((await status(u)).prices?.call.allowance.used).toBe(1);
    chatPeer.behave({ kind: 'reply', parts: ['A sentence that will not be spoken.'], delayMs: 300 });
    const transcript = c.next('transcript');
    const error = c.next('error');
    c.ws.send(wavs.get(PHRASES[0]!)!);
    await transcript;
    speechPeer.failNext(1);
    const e = await error;
    expect(e).toMatchObject({ fatal: true, code: 'UNAVAILABLE' });
    expect(e.type === 'error' && e.message).toMatch(/This minute of the call was not charged\.$/);
    expect((await c.closed).code).toBe(4503);
    expect((await status(u)).prices?.call.allowance.used).toBe(0);
    // The reply itself was written and saved: it is in the chat.
    expect((await session(u)).messages.at(-1)).toMatchObject({ role: 'assistant', content: 'A sentence that will not be spoken.' });
  }, 60_000);
});

describe('refusals', () => {
  it('refuses another origin before the upgrade', async () => {
    await expect(dial(urlOf(), { origin: 'https://evil.example' })).rejects.toThrow('refused with 403');
    await expect(dial(`${base}/api/chat/not-an-id/call`)).rejects.toThrow('refused with 404');
  });

  it('needs the token first, and refuses a bad one', async () => {
    const c = await dial(urlOf());
    const e = c.next('error');
    c.ws.send(wavs.get(PHRASES[0]!)!);
    expect(await e).toMatchObject({ code: 'UNAUTHORIZED', fatal: true });
    expect((await c.closed).code).toBe(4401);
    const d = await dial(urlOf());
    const bad = d.next('error');
    d.send({ type: 'auth', token: 'nope' });
    expect(await bad).toMatchObject({ fatal: true });
    expect((await d.closed).code).toBe(4401);
  });

  it("refuses another user's conversation like a missing one", async () => {
    const other = await buildUser(t);
    const theirs = (await session(other)).conversation.id;
    const c = await dial(urlOf(characterId, `?conversationId=${theirs}`));
    const e = c.next('error');
    c.send({ type: 'auth', token: owner.accessToken });
    expect(await e).toMatchObject({ code: 'NOT_FOUND', message: 'Conversation not found', fatal: true });
    expect((await c.closed).code).toBe(4404);
  });

  it('bounds frames with sentences and keeps the call', async () => {
    const u = await buildUser(t);
    const c = await ready(u);
    const bad = async (frame: string | Buffer) => {
      const e = c.next('error');
      c.ws.send(frame);
      return e;
    };
    expect(await bad('{"type":"barge-in\u0001"}')).toMatchObject({ message: 'Messages may not contain control characters.', fatal: false });
    expect(await bad('{"type":"dance"}')).toMatchObject({ fatal: false, message: expect.stringContaining('not one a call understands') });
    expect(await bad('x'.repeat(5000))).toMatchObject({ fatal: false, message: expect.stringContaining('at most 4096') });
    expect(await bad(Buffer.alloc(600_001))).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', fatal: false });
    expect(await bad(Buffer.from('not audio at all'))).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE', fatal: false });
    expect(c.ws.readyState).toBe(c.ws.OPEN);
    await hangUp(c);
  });

  it('one call per user, CALLS_MAX_PER_PROCESS per process', async () => {
    const [a, b, d] = [await buildUser(t, { coins: 10 }), await buildUser(t), await buildUser(t)];
    const first = await ready(a);
    const again = await dial(urlOf());
    const e = again.next('error');
    again.send({ type: 'auth', token: a.accessToken });
    expect(await e).toMatchObject({ code: 'RATE_LIMITED', message: ALREADY_IN_CALL, fatal: true });
    const second = await ready(b);
    const third = await dial(urlOf());
    const full = third.next('error');
    third.send({ type: 'auth', token: d.accessToken });
    expect(await full).toMatchObject({ code: 'UNAVAILABLE', message: SERVER_FULL });
    expect((await third.closed).code).toBe(4503);
    await Promise.all([hangUp(first), hangUp(second)]);
  });

  it('prices the minute: free ones first, then coins, held to the spending cap, and 402 with { cost, balance } when short', async () => {
    const u = await buildUser(t, { coins: 5 });
    expect((await status(u)).prices?.call).toMatchObject({ cost: 2, allowance: { limit: 1, remaining: 1 } });
    await hangUp(await ready(u));
    const paid = await ready(u);
    expect(paid.events('ready')[0]).toMatchObject({ charge: { outcome: 'coins', cost: 2, balance: 3 } });
    await hangUp(paid);
    // A daily cap of 2 coins, 2 already spent on a call minute today: the next call is refused before it starts.
    const limits = { method: 'PUT' as const, url: '/api/coins/limits', headers: u.auth };
    expect((await t.app.inject({ ...limits, payload: { daily: 2, monthly: null, confirmAbove: null } })).statusCode).toBe(200);
    const capped = await dial(urlOf());
    const refused = capped.next('error');
    capped.send({ type: 'auth', token: u.accessToken });
    expect(await refused).toMatchObject({ code: 'SPENDING_CAP', fatal: true });
    expect((await capped.closed).code).toBe(4402);
    const poor = await buildUser(t, { coins: 1 });
    await hangUp(await ready(poor));
    const short = await dial(urlOf());
    const e = short.next('error');
    short.send({ type: 'auth', token: poor.accessToken });
    expect(await e).toMatchObject({ code: 'PAYMENT_REQUIRED', fatal: true, details: { cost: 2, balance: 1 } });
    expect((await short.closed).code).toBe(4402);
  });

  // Last of the sockets: it spends this address's budget for the minute.
  it('limits the sockets an address opens in a minute, before the upgrade', async () => {
    let refused: unknown;
    for (let i = 0; i < 61 && !refused; i++) {
      const c = await dial(urlOf()).catch((err: unknown) => (refused = err));
      if (!refused) (c as CallClient).ws.close();
    }
    expect(String(refused)).toContain('refused with 429');
  });

  it('charges each minute as it begins, and a minute that cannot be paid ends the call', async () => {
    const u = await buildUser(t, { coins: 2 });
    const meter = new CallMeter({ entitlements: t.modules.billing.services.entitlements }, u.user.id, crypto.randomUUID(), 100);
    const charged: Array<[number, MeterCharge]> = [];
    let lapsed: unknown;
    const first = await meter.start({ charged: (m, c) => charged.push([m, c]), lapsed: (err) => (lapsed = err) });
    expect(first).toMatchObject({ outcome: 'free' });
    await expect.poll(() => lapsed, { timeout: 3_000 }).toBeDefined();
    meter.stop();
    expect(charged).toEqual([[2, { outcome: 'coins', cost: 2, balance: 0 }]]);
    expect(lapsed).toMatchObject({ status: 402, details: { cost: 2, balance: 0 } });
    expect(meter.minutes).toBe(3);
  });
});
