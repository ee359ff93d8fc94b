// Voice routes against the loopback peer that really speaks (espeak-ng) and listens (pocketsphinx): a reply read
// aloud sentence by sentence from its stored, checked text; pricing (free uses, then coins, refunds, caps); another
// user's reply never spoken; recordings bounded by decoding; transcripts through the content policy.
import type { ChatSession, VoiceStatusResponse } from '@reverie/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadCatalog } from '../billing/catalog.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { buildCharacter, buildUser, type BuiltUser } from '../../../test/factories.ts';
import { decodeAudio } from '../../providers/speech/audio.ts';
import { espeakWav, startSpeechPeer, type SpeechPeer } from '../../providers/speech/test/peer.ts';

const BLOCKED = 'she is a twelve year old girl and we have sex';
const PHRASES = ['hello world the weather is nice today', 'please tell me a story about the dragon', BLOCKED];

let t: TestApp;
let peer: SpeechPeer;
let owner: BuiltUser;
let characterId: string;

/** A catalogue with one free use of each a day and 2 coins beyond. */
async function voiceCatalog(): Promise<string> {
  const c = loadCatalog(undefined);
  const file = path.join(os.tmpdir(), `reverie-voice-catalog-${process.pid}.json`);
  const one = { speech: 1, transcription: 1 };
  await writeFile(
    file,
    JSON.stringify({
      voice: { costs: { speech: 2, transcription: 2 }, dailyFree: { free: one, premium: one, ultimate: one } },
      plans: c.plans,
    }),
  );
  return file;
}

beforeAll(async () => {
  peer = await startSpeechPeer({ phrases: PHRASES });
  t = await createTestApp({
    SPEECH_PROVIDER: 'openai',
    SPEECH_URL: peer.url,
    SPEECH_VOICE: 'en-us',
    TRANSCRIPTION_PROVIDER: 'openai',
    TRANSCRIPTION_URL: peer.url,
    VOICE_MAX_SECONDS: '8',
    VOICE_MAX_BYTES: '600000',
    BILLING_CATALOG_FILE: await voiceCatalog(),
  });
  owner = await buildUser(t);
  characterId = (await buildCharacter(t, owner, { name: 'Mira Vale', greeting: 'Hello there.' })).id;
}, 60_000);
afterAll(async () => {
  await t.close();
  await peer.close();
});

/** A reply in the user's conversation with the character, saved as the pipeline saves one. */
async function reply(u: BuiltUser, content: string, status: 'complete' | 'blocked' = 'complete'): Promise<string> {
  const s = (await t.app.inject({ url: `/api/chat/${characterId}`, headers: u.auth })).json() as ChatSession;
  const msg = await t.deps.uow.repos.chat.insertMessage({ conversationId: s.conversation.id, role: 'assistant', content, status });
  return msg.id;
}

const speak = (u: BuiltUser, messageId: string, playId: string, sentence: number) =>
  t.app.inject({
    method: 'POST',
    url: `/api/chat/${characterId}/message/${messageId}/speech`,
    headers: u.auth,
    payload: { playId, sentence },
  });
const status = async (u?: BuiltUser) =>
  (await t.app.inject({ url: '/api/voice/status', headers: u?.auth ?? {} })).json() as VoiceStatusResponse;
const uuid = () => crypto.randomUUID();

/** The ID3 tags exiftool reads in an MP3 (CI installs libimage-exiftool-perl, as for the pictures' mark). */
function exiftoolTags(bytes: Buffer): Record<string, unknown> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'reverie-id3-'));
  try {
    const file = path.join(dir, 'spoken.mp3');
    writeFileSync(file, bytes);
    return (JSON.parse(execFileSync('exiftool', ['-j', '-ID3:all', file], { encoding: 'utf8' })) as Record<string, unknown>[])[0]!;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function multipart(bytes: Buffer, filename: string, contentType: string) {
  const boundary = '----voice' + Math.random().toString(16).slice(2);
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
const transcribe = (u: BuiltUser, bytes: Buffer, filename = 'speech.webm', type = 'audio/webm', query = '') => {
  const mp = multipart(bytes, filename, type);
  return t.app.inject({
    method: 'POST',
    url: `/api/voice/transcriptions${query}`,
    headers: { ...u.auth, ...mp.headers },
    payload: mp.payload,
  });
};

describe('speech out', () => {
  it('says what is on and what it costs before anything is spent', async () => {
    const guest = await status();
    expect(guest).toMatchObject({
      speech: { provider: 'openai', available: true },
      transcription: { available: true },
      prices: null,
      settings: null,
    });
    const u = await buildUser(t);
    expect((await status(u)).prices).toMatchObject({ speech: { cost: 2, allowance: { limit: 1, remaining: 1 } }, balance: 0 });
    expect((await t.app.inject({ url: '/api/voice/voices' })).json().voices.map((v: { id: string }) => v.id)).toContain('en-us+m1');
  });

  it('reads a reply sentence by sentence from its stored text, actions and markdown left out, as one charge', async () => {
    const u = await buildUser(t);
    const id = await reply(u, '*smiles warmly* **Hello** world. The weather is nice today.');
    const play = uuid();
    const first = await speak(u, id, play, 0);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('audio/mpeg');
    expect(first.headers['x-speech-sentences']).toBe('2');
    expect((await decodeAudio(first.rawPayload, 30)).durationMs).toBeGreaterThan(500);
    // The AI mark in the audio's metadata (an ID3v2.4 tag, #44.4), read back by a real metadata reader.
    expect(exiftoolTags(first.rawPayload)).toMatchObject({
      UserDefinedText: '(DigitalSourceType) http://cv.iptc.org/newscodes/digitalsourcetype/trainedAlgorithmicMedia',
      Comment: 'Speech generated by AI (Reverie)',
    });
    expect(peer.requests.at(-1)).toMatchObject({ path: '/v1/audio/speech', body: { input: 'Hello world.', voice: 'en-us' } });
    const second = await speak(u, id, play, 1);
    expect(second.statusCode).toBe(200);
    expect(peer.requests.at(-1)).toMatchObject({ body: { input: 'The weather is nice today.' } });
    expect((await speak(u, id, play, 2)).statusCode).toBe(400);
    // Two sentences, one Listen: one free use taken.
    expect((await status(u)).prices?.speech.allowance).toMatchObject({ used: 1, remaining: 0 });
  });

  it("never speaks another user's reply, a user's own message, or a reply the policy refuses now", async () => {
    const [a, b] = [await buildUser(t), await buildUser(t)];
    const id = await reply(a, 'A private reply.');
    const before = peer.requests.length;
    expect((await speak(b, id, uuid(), 0)).statusCode).toBe(404);
    expect((await speak(a, uuid(), uuid(), 0)).statusCode).toBe(404);
    const refused = await speak(a, await reply(a, 'She is a 12 year old girl and we have sex.'), uuid(), 0);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.code).toBe('CONTENT_BLOCKED');
    expect((await speak(a, await reply(a, 'Withheld.', 'blocked'), uuid(), 0)).statusCode).toBe(422);
    expect(peer.requests.length).toBe(before);
    expect((await status(a)).prices?.speech.allowance.used).toBe(0);
  });

  it('charges coins past the free use, refunds a failed synthesis, refuses the refunded Listen, and holds to the caps', async () => {
    const u = await buildUser(t, { coins: 5 });
    const id = await reply(u, 'Good morning. How are you?');
    expect((await speak(u, id, uuid(), 0)).statusCode).toBe(200); // the free use
    expect((await speak(u, id, uuid(), 0)).statusCode).toBe(200); // 2 coins
    expect((await status(u)).prices?.balance).toBe(3);
    peer.failNext(1);
    const failedPlay = uuid();
    const failed = await speak(u, id, failedPlay, 0);
    expect(failed.statusCode).toBe(503);
    expect(failed.json().message).toMatch(/synthesis engine crashed.*Nothing was charged/);
    expect((await status(u)).prices?.balance).toBe(3);
    expect((await speak(u, id, failedPlay, 1)).statusCode).toBe(409);
    // A daily cap of 2 coins, 2 already spent today: the next Listen is refused before any synthesis.
    const cap = await t.app.inject({
      method: 'PUT',
      url: '/api/coins/limits',
      headers: u.auth,
      payload: { daily: 2, monthly: null, confirmAbove: null },
    });
    expect(cap.statusCode).toBe(200);
    const capped = await speak(u, id, uuid(), 0);
    expect(capped.statusCode).toBe(402);
    expect(capped.json().error.code).toBe('SPENDING_CAP');
    const poor = await buildUser(t, { coins: 1 });
    const pid = await reply(poor, 'Hello.');
    await speak(poor, pid, uuid(), 0);
    const short = await speak(poor, pid, uuid(), 0);
    expect(short.statusCode).toBe(402);
    expect(short.json().error.details).toMatchObject({ cost: 2, balance: 1 });
  });

  it('speaks only the dialogue, and in the voice the user chose for this character', async () => {
    const u = await buildUser(t);
    const set = await t.app.inject({
      method: 'PATCH',
      url: '/api/voice/settings',
      headers: u.auth,
      payload: { dialogueOnly: true, voice: { characterId, voiceId: 'en-gb' } },
    });
    expect(set.json()).toMatchObject({ dialogueOnly: true, skipActions: true, voices: { [characterId]: 'en-gb' } });
    const id = await reply(u, 'She looks up. "Tell me a story." Then she waits.');
    expect((await speak(u, id, uuid(), 0)).statusCode).toBe(200);
    expect(peer.requests.at(-1)).toMatchObject({ body: { input: 'Tell me a story.', voice: 'en-gb' } });
    const none = await speak(u, await reply(u, 'No quotes here.'), uuid(), 0);
    expect(none.statusCode).toBe(422);
    expect(none.json().message).toMatch(/only quoted dialogue/);
  });

  it('previews a voice, refusing one the service does not have', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/voice/preview', headers: owner.auth, payload: { voice: 'en-us+f2' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('audio/mpeg');
    const bad = await t.app.inject({ method: 'POST', url: '/api/voice/preview', headers: owner.auth, payload: { voice: 'nobody' } });
    expect(bad.statusCode).toBe(400);
  });
});

describe('a voice per character', () => {
  it('is chosen by the creator, spoken, carried in the card export under extensions and back on import', async () => {
    const creator = await buildUser(t);
    const id = (await buildCharacter(t, creator, { name: 'Oren' })).id;
    const put = await t.app.inject({ method: 'PUT', url: `/api/characters/${id}`, headers: creator.auth, payload: { voice: 'en-us+m1' } });
    expect(put.statusCode).toBe(200);
    expect((await t.app.inject({ url: `/api/characters/${id}`, headers: creator.auth })).json().voice).toBe('en-us+m1');
    const bad = await t.app.inject({ method: 'PUT', url: `/api/characters/${id}`, headers: creator.auth, payload: { voice: 'x\u0000y' } });
    expect(bad.statusCode).toBe(400);
    // Its replies are read in that voice.
    const s = (await t.app.inject({ url: `/api/chat/${id}`, headers: creator.auth })).json() as ChatSession;
    const msg = await t.deps.uow.repos.chat.insertMessage({ conversationId: s.conversation.id, role: 'assistant', content: 'Good night.' });
    const spoken = await t.app.inject({
      method: 'POST',
      url: `/api/chat/${id}/message/${msg.id}/speech`,
      headers: creator.auth,
      payload: { playId: uuid(), sentence: 0 },
    });
    expect(spoken.statusCode).toBe(200);
    expect(peer.requests.at(-1)).toMatchObject({ body: { voice: 'en-us+m1' } });
    const exported = await t.app.inject({ url: `/api/characters/${id}/export?format=json`, headers: creator.auth });
    const card = JSON.parse(exported.body) as { data: { extensions: Record<string, unknown> } };
    expect(card.data.extensions.reverie).toMatchObject({ voice: 'en-us+m1' });
    const mp = multipart(Buffer.from(exported.body), 'oren.json', 'application/json');
    const imported = await t.app.inject({
      method: 'POST',
      url: '/api/characters/import',
      headers: { ...owner.auth, ...mp.headers },
      payload: mp.payload,
    });
    expect(imported.statusCode).toBe(201);
    expect(imported.json().character.voice).toBe('en-us+m1');
    // Cleared: the export carries no voice any more.
    await t.app.inject({ method: 'PUT', url: `/api/characters/${id}`, headers: creator.auth, payload: { voice: null } });
    const again = JSON.parse((await t.app.inject({ url: `/api/characters/${id}/export?format=json`, headers: creator.auth })).body);
    expect(again.data.extensions.reverie?.voice).toBeUndefined();
  });
});

describe('speech in', () => {
  it('round trip: espeak-ng speech sent as a recording comes back as its words, charged as a free use', async () => {
    const u = await buildUser(t);
    // The name and type say WebM; the bytes are a WAV: the decoder decides, not the name.
    const res = await transcribe(u, await espeakWav('hello world. the weather is nice today', 'en-us+m1'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ text: 'hello world the weather is nice today', charge: { outcome: 'free', cost: 0 } });
    expect(res.json().durationMs).toBeGreaterThan(1500);
  }, 30_000);

  it('refuses a transcript the content policy refuses, as if it had been typed', async () => {
    const u = await buildUser(t);
    const res = await transcribe(u, await espeakWav(BLOCKED, 'en-us+m1'), 'a.wav', 'audio/wav', `?characterId=${characterId}`);
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe('CONTENT_BLOCKED');
    expect(res.json().message).not.toMatch(/twelve/);
  }, 30_000);

  it('bounds uploads: not audio (415), too long (413), too large (413), nothing charged', async () => {
    const u = await buildUser(t);
    const before = peer.requests.length;
    expect((await transcribe(u, Buffer.from('<html>not audio</html>'), 'x.wav', 'audio/wav')).statusCode).toBe(415);
    const long = await espeakWav(
      'please tell me a story about the dragon and the castle at night, a long long story about the night and the dragon',
    );
    const tooLong = await transcribe(u, long);
    expect(tooLong.statusCode).toBe(413);
    expect(tooLong.json().message).toMatch(/longer than 8 seconds/);
    const huge = await transcribe(u, Buffer.concat([long, Buffer.alloc(700_000)]));
    expect(huge.statusCode).toBe(413);
    expect(peer.requests.length).toBe(before);
    expect((await status(u)).prices?.transcription.allowance.used).toBe(0);
  }, 30_000);

  it('refunds when the recogniser fails', async () => {
    const u = await buildUser(t);
    peer.failNext(1);
    const res = await transcribe(u, await espeakWav('hello world', 'en-us+m1'));
    expect(res.statusCode).toBe(503);
    expect((await status(u)).prices?.transcription.allowance.used).toBe(0);
  }, 30_000);
});
