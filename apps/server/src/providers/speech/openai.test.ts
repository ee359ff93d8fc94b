// The OpenAI-compatible and ElevenLabs providers against a loopback peer that really speaks (espeak-ng) and listens
// (pocketsphinx): the round trip text → speech → transcript has the words.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeAudio } from './audio.ts';
import { ElevenLabsSpeechProvider } from './elevenlabs.ts';
import { OpenAiSpeechProvider, OpenAiTranscriptionProvider } from './openai.ts';
import { SpeechBackendError } from './speech-provider.ts';
import { espeakWav, PEER_VOICES, startSpeechPeer, type SpeechPeer } from './test/peer.ts';

let peer: SpeechPeer;
beforeAll(async () => {
  peer = await startSpeechPeer({ apiKey: 'k-123' });
});
afterAll(() => peer.close());

/** Decoded length of audio bytes in seconds (ffmpeg decodes them: they are real audio). */
async function seconds(bytes: Buffer): Promise<number> {
  return (await decodeAudio(bytes, 60)).durationMs / 1000;
}

describe('OpenAiSpeechProvider', () => {
  it('lists the server voices and synthesises real audio', async () => {
    const p = new OpenAiSpeechProvider({ url: `${peer.url}/v1`, apiKey: 'k-123', model: 'tts-1' });
    expect((await p.voices()).map((v) => v.id)).toEqual(PEER_VOICES);
    const audio = await p.synthesize({ text: 'Hello world, the weather is nice today.', voice: 'en-us' });
    expect(audio.contentType).toBe('audio/mpeg');
    expect(await seconds(audio.bytes)).toBeGreaterThan(1);
    expect(peer.requests.at(-1)).toMatchObject({
      path: '/v1/audio/speech',
      body: { model: 'tts-1', voice: 'en-us', response_format: 'mp3' },
    });
  });

  it('turns refusals and a wrong key into sentences', async () => {
    const p = new OpenAiSpeechProvider({ url: peer.url, apiKey: 'wrong', model: 'tts-1' });
    await expect(p.synthesize({ text: 'Hi.', voice: 'en-us' })).rejects.toThrow(/answered 401: Invalid API key/);
    const ok = new OpenAiSpeechProvider({ url: peer.url, apiKey: 'k-123', model: 'tts-1' });
    await expect(ok.synthesize({ text: 'Hi.', voice: 'nobody' })).rejects.toMatchObject({ code: 'REFUSED' });
    const gone = new OpenAiSpeechProvider({ url: 'http://127.0.0.1:9', model: 'tts-1' });
    await expect(gone.synthesize({ text: 'Hi.', voice: 'en-us' })).rejects.toBeInstanceOf(SpeechBackendError);
    expect((await gone.health()).status).toBe('down');
  });
});

describe('ElevenLabsSpeechProvider', () => {
  it('lists voices with their names and streams MP3', async () => {
    const p = new ElevenLabsSpeechProvider({ url: peer.url, apiKey: 'k-123', model: 'eleven_multilingual_v2' });
    expect((await p.voices())[1]).toEqual({ id: 'en-us+m1', name: 'Voice en-us+m1' });
    const audio = await p.synthesize({ text: 'Good morning.', voice: 'en-us+m1' });
    expect(await seconds(audio.bytes)).toBeGreaterThan(0.5);
    expect(peer.requests.at(-1)).toMatchObject({
      path: '/v1/text-to-speech/en-us%2Bm1/stream',
      body: { model_id: 'eleven_multilingual_v2' },
    });
  });
});

describe('OpenAiTranscriptionProvider', () => {
  it('round trip: espeak-ng speech comes back as a transcript with the words', async () => {
    const wav = await espeakWav('hello world. the weather is nice today');
    const p = new OpenAiTranscriptionProvider({ url: peer.url, apiKey: 'k-123', model: 'whisper-1' });
    const { text } = await p.transcribe({ audio: wav });
    const words = text.split(' ');
    const heard = ['world', 'weather', 'today'].filter((w) => words.includes(w));
    expect(heard.length, `transcript: ${text}`).toBeGreaterThanOrEqual(2);
  }, 30_000);
});
