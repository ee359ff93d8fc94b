// The voice routes on the embedded engines (SPEECH_PROVIDER=embedded, TRANSCRIPTION_PROVIDER=embedded): sherpa-onnx in
// the server, on tiny self-made models (random weights) downloaded on first use from a loopback host. Listen answers
// marked MP3 audio, the microphone answers a transcript, health reports the engines.
import type { ChatSession } from '@reverie/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { buildCharacter, buildUser } from '../../../test/factories.ts';
import { buildStaff } from '../../../test/staff.ts';
import { decodeAudio } from '../../providers/speech/audio.ts';
import { startModelServer, type ModelServer } from '../../providers/speech/test/model-server.ts';
import { espeakWav } from '../../providers/speech/test/peer.ts';

let t: TestApp;
let host: ModelServer;

beforeAll(async () => {
  host = await startModelServer();
  t = await createTestApp({
    SPEECH_PROVIDER: 'embedded',
    TTS_MODEL_URL: `${host.url}/voice/tiny-voice.onnx`,
    TRANSCRIPTION_PROVIDER: 'embedded',
    STT_MODEL_TYPE: 'nemo_ctc',
    STT_MODEL_URL: `${host.url}/stt/tiny-ctc.onnx`,
  });
}, 60_000);
afterAll(async () => {
  await t.close();
  await host.close();
});

function multipart(bytes: Buffer) {
  const boundary = '----voice' + Math.random().toString(16).slice(2);
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.wav"\r\nContent-Type: audio/wav\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe('voice on the embedded engines', () => {
  it('Listen answers MP3 audio made in the server, marked as made by AI; health says the engine is ready', async () => {
    const u = await buildUser(t);
    const characterId = (await buildCharacter(t, u, { name: 'Ada Quill', greeting: 'Hello.' })).id;
    const s = (await t.app.inject({ url: `/api/chat/${characterId}`, headers: u.auth })).json() as ChatSession;
    const content = 'Good evening. The lamps are lit along the harbour.';
    const msg = await t.deps.uow.repos.chat.insertMessage({
      conversationId: s.conversation.id,
      role: 'assistant',
      content,
      status: 'complete',
    });
    expect((await t.app.inject({ url: '/api/voice/voices' })).json()).toEqual({
      voices: [{ id: '0', name: 'tiny-voice' }],
      defaultVoice: '0',
    });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/chat/${characterId}/message/${msg.id}/speech`,
      headers: u.auth,
      payload: { playId: crypto.randomUUID(), sentence: 0 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('audio/mpeg');
    expect(res.headers['x-speech-sentences']).toBe('2');
    expect(res.rawPayload.subarray(0, 3).toString('latin1')).toBe('ID3'); // the AI mark's tag in front
    expect((await decodeAudio(res.rawPayload, 30)).durationMs).toBeGreaterThan(200);
    const admin = await buildStaff(t, 'admin');
    const health = (await t.app.inject({ url: '/api/health/details', headers: admin.auth })).json();
    expect(health.providers.speech).toEqual({ kind: 'embedded', status: 'ok', detail: 'voice model ready' });
  }, 60_000);

  it('the microphone: a recording decoded to 16 kHz is transcribed in the server (random weights: letters)', async () => {
    const u = await buildUser(t);
    const mp = multipart(await espeakWav('hello world', 'en-us'));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/voice/transcriptions',
      headers: { ...u.auth, ...mp.headers },
      payload: mp.payload,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ text: expect.stringMatching(/^[a-z' ]*$/), charge: { outcome: 'free' } });
    expect(res.json().durationMs).toBeGreaterThan(300);
  }, 60_000);
});
