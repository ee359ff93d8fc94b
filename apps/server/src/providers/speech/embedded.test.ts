// The embedded engines for real: sherpa-onnx loads tiny self-made models (random weights: tiny-speech-models.ts),
// downloaded from a loopback host with their checksum, and runs them. What is tested is the engine, the loading and
// download code and the audio format, not what the voice sounds like or what the random recogniser hears.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeAudio } from './audio.ts';
import { EmbeddedSpeechProvider, EmbeddedTranscriptionProvider } from './embedded.ts';
import { embeddedSpeechConfig, embeddedTranscriptionConfig, SYSTEM_ESPEAK_DATA } from './embedded-settings.ts';
import { samplesOfWav } from './sherpa.ts';
import { startModelServer, type ModelServer } from './test/model-server.ts';
import { tinyPiperVoice } from './test/tiny-speech-models.ts';
import { espeakWav } from './test/peer.ts';

const silentLog = { info() {}, warn() {}, error() {} };
const fast = { retries: 0, retryDelayMs: 10 };
let host: ModelServer;
let dataDir: string;

beforeAll(async () => {
  host = await startModelServer();
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'reverie-embedded-speech-'));
});
afterAll(async () => {
  await host.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Sample rate and codec of audio bytes, as ffprobe reads them. */
function probe(bytes: Buffer): { codec_name: string; sample_rate: string } {
  const file = path.join(dataDir, `probe-${Math.random().toString(16).slice(2)}`);
  writeFileSync(file, bytes);
  const out = execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'stream=codec_name,sample_rate', '-of', 'json', file], {
    encoding: 'utf8',
  });
  return (JSON.parse(out) as { streams: Array<{ codec_name: string; sample_rate: string }> }).streams[0]!;
}

const voice = (env: Record<string, string> = {}, dir = dataDir) =>
  new EmbeddedSpeechProvider(embeddedSpeechConfig({ TTS_MODEL_URL: `${host.url}/voice/tiny-voice.onnx`, ...env }, dir), {
    log: silentLog,
    download: fast,
  });

describe('EmbeddedSpeechProvider (sherpa-onnx, a tiny Piper voice)', () => {
  it('finds espeak-ng data on this machine (the Piper front end needs it)', () => {
    expect(SYSTEM_ESPEAK_DATA.some((d) => existsSync(d))).toBe(true);
  });

  it('downloads the voice and its tokens with the checksum, lists its voice and speaks a sentence as MP3', async () => {
    const p = voice({ TTS_MODEL_SHA256: host.sha256['/voice/tiny-voice.onnx']! });
    expect(await p.health()).toEqual({ status: 'ok', detail: 'the voice model loads on first use' });
    expect(await p.voices()).toEqual([{ id: '0', name: 'tiny-voice' }]);
    expect(host.requests).toEqual(expect.arrayContaining(['/voice/tiny-voice.onnx', '/voice/tokens.txt']));
    expect(existsSync(path.join(dataDir, 'models', 'tiny-voice', 'tiny-voice.onnx'))).toBe(true);
    expect(existsSync(path.join(dataDir, 'models', 'tiny-voice', 'tokens.txt'))).toBe(true);
    const audio = await p.synthesize({ text: 'Hello there, how are you today?', voice: '0' });
    expect(audio.contentType).toBe('audio/mpeg');
    expect(probe(audio.bytes)).toEqual({ codec_name: 'mp3', sample_rate: '22050' });
    // 256 samples per phoneme token at 22,050 Hz: a sentence is a good fraction of a second.
    expect((await decodeAudio(audio.bytes, 60)).durationMs).toBeGreaterThan(300);
    expect(await p.health()).toEqual({ status: 'ok', detail: 'voice model ready' });
    await p.close();
  });

  it('refuses bad input with a sentence', async () => {
    const p = voice();
    await expect(p.synthesize({ text: '   ', voice: '0' })).rejects.toMatchObject({
      code: 'REFUSED',
      message: 'There is no text to speak.',
    });
    await expect(p.synthesize({ text: 'Hi.', voice: 'alloy' })).rejects.toMatchObject({ code: 'REFUSED' });
    await expect(p.synthesize({ text: 'Hi.', voice: '7' })).rejects.toThrow('The voice model has no voice called "7".');
    await expect(p.synthesize({ text: 'x'.repeat(2001), voice: '0' })).rejects.toMatchObject({ code: 'REFUSED' });
    await p.close();
  });

  it('a wrong checksum, an unreachable host and a missing file are sentences, also in health', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'reverie-embedded-speech-bad-'));
    try {
      const sum = voice({ TTS_MODEL_SHA256: 'a'.repeat(64) }, dir);
      await expect(sum.voices()).rejects.toThrow(/failed its checksum .* the file was deleted/);
      expect(await sum.health()).toMatchObject({ status: 'down', detail: expect.stringMatching(/checksum/) });
      const offline = voice({ TTS_MODEL_URL: 'http://127.0.0.1:9/voice.onnx' }, dir);
      await expect(offline.voices()).rejects.toThrow(
        'Cannot reach the model host (127.0.0.1:9): is this machine offline? To use the voice model without this download, set TTS_MODEL_PATH',
      );
      const missing = voice({ TTS_MODEL_URL: `${host.url}/voice/nothing.onnx` }, dir);
      await expect(missing.voices()).rejects.toThrow(/no file at that address \(404\): check TTS_MODEL_URL/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a model sherpa-onnx would crash on is opened in a child first: a sentence, and this process lives on', async () => {
    const p = voice({ TTS_MODEL_URL: `${host.url}/bad/no-metadata.onnx` });
    await expect(p.voices()).rejects.toThrow(/The voice model could not be loaded \('sample_rate' does not exist in the metadata\)/);
    expect((await p.health()).status).toBe('down');
    const garbage = path.join(dataDir, 'garbage.onnx');
    writeFileSync(garbage, 'this is not a model');
    writeFileSync(path.join(dataDir, 'tokens.txt'), '_ 0\n');
    const corrupt = voice({ TTS_MODEL_PATH: garbage });
    await expect(corrupt.synthesize({ text: 'Hi.', voice: '0' })).rejects.toThrow(/could not be loaded \(.*Protobuf parsing failed/);
  });
});

describe('EmbeddedSpeechProvider, local files', () => {
  it('a failed start is tried again by the next request', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'reverie-embedded-speech-local-'));
    try {
      const model = path.join(dir, 'later.onnx');
      const p = voice({ TTS_MODEL_PATH: model });
      await expect(p.voices()).rejects.toThrow(`The voice model's model file ${model} does not exist (TTS_MODEL_PATH).`);
      const files = tinyPiperVoice({ seed: 3 });
      writeFileSync(model, files.model);
      writeFileSync(path.join(dir, 'tokens.txt'), files.tokens);
      expect(await p.voices()).toEqual([{ id: '0', name: 'later' }]);
      expect((await p.synthesize({ text: 'Again.', voice: '0' })).bytes.length).toBeGreaterThan(0);
      await p.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('EmbeddedTranscriptionProvider (sherpa-onnx, a tiny NeMo CTC model)', () => {
  const recogniser = () =>
    new EmbeddedTranscriptionProvider(
      embeddedTranscriptionConfig(
        {
          STT_MODEL_TYPE: 'nemo_ctc',
          STT_MODEL_URL: `${host.url}/stt/tiny-ctc.onnx`,
          STT_MODEL_SHA256: host.sha256['/stt/tiny-ctc.onnx']!,
        },
        dataDir,
      ),
      { log: silentLog, download: fast },
    );

  it('downloads the model and transcribes the 16 kHz WAV the voice module makes (random weights: letters, not words)', async () => {
    const p = recogniser();
    const decoded = await decodeAudio(await espeakWav('hello world, the weather is nice today'), 60);
    expect(samplesOfWav(decoded.wav).sampleRate).toBe(16_000);
    const { text } = await p.transcribe({ audio: decoded.wav });
    expect(typeof text).toBe('string');
    // The tiny model's vocabulary is the letters, the apostrophe and the word boundary.
    expect(text).toMatch(/^[a-z' ]*$/);
    expect(host.requests).toEqual(expect.arrayContaining(['/stt/tiny-ctc.onnx', '/stt/tokens.txt']));
    expect(await p.health()).toEqual({ status: 'ok', detail: 'speech recognition model ready' });
    await p.close();
  });

  it('refuses what is not the expected WAV with a sentence', async () => {
    const p = recogniser();
    await expect(p.transcribe({ audio: Buffer.from('not audio at all, not at all') })).rejects.toMatchObject({
      code: 'REFUSED',
      message: 'The recording is not a WAV file.',
    });
    await p.close();
  });

  it('Whisper by default, its decoder and tokens named beside the encoder', () => {
    const c = embeddedTranscriptionConfig({ STT_MODEL_TYPE: 'whisper' }, dataDir);
    expect(c.model.url).toMatch(/tiny\.en-encoder\.int8\.onnx$/);
    expect(c.decoder?.url).toMatch(/tiny\.en-decoder\.int8\.onnx$/);
    expect(c.tokens.url).toMatch(/tiny\.en-tokens\.txt$/);
  });
});
