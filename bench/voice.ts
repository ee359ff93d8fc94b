// `npm run bench:voice`: speech out and in, each provider beside its raw ceiling in the same run (issue #42).
//
//  1. Embedded speech (sherpa-onnx, SPEECH_PROVIDER=embedded): per sentence length, the time to the first audio bytes
//     of a reply (the voice module sends a reply sentence by sentence, so that is one sentence's synthesis) and the
//     real-time factor (synthesis time over the audio's length). Raw: the engine's own `generateAsync` on the same
//     loaded voice; app: `EmbeddedSpeechProvider.synthesize` (its one-job queue and the MP3 encoding every answer has).
//     The voice is the tests' tiny self-made Piper-style model (random weights: tiny-speech-models.ts), downloaded from
//     a loopback host, behind the real espeak-ng phoneme front end: a real neural voice (Piper "medium", ~60 MB) is
//     slower per second of audio; this machine cannot download one. TTS_MODEL_PATH=<a .onnx beside its tokens.txt>
//     runs the table on a real voice instead.
//  2. OpenAI-compatible speech (SPEECH_PROVIDER=openai) against a loopback `/v1/audio/speech` server that really
//     speaks with espeak-ng (MP3 through ffmpeg): raw is the same request sent straight to it.
//  3. Speech in: the same recording (espeak-ng, 16 kHz WAV) through embedded transcription (a tiny CTC model) and the
//     OpenAI-compatible `/v1/audio/transcriptions` peer (pocketsphinx), each beside its raw call.
//
//  4. Calls (bench/voice-calls.ts): a call turn from the end of speech to the first audio back (detection,
//     transcript, first words, first audio) with the embedded engines and the tiny chat model, and 50 calls at once on
//     one process (event-loop delay p99, audio frames dropped).
//
//   BENCH_VOICE_RUNS=8 (timed runs per row, after one warm-up); BENCH_VOICE_ONLY=calls runs only the calls rows;
//   BENCH_CALLS=1,10,50 (a row per count), BENCH_CALL_TURNS=2
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { decodeAudio } from '../apps/server/src/providers/speech/audio.ts';
import { EmbeddedSpeechProvider, EmbeddedTranscriptionProvider } from '../apps/server/src/providers/speech/embedded.ts';
import { embeddedSpeechConfig, embeddedTranscriptionConfig } from '../apps/server/src/providers/speech/embedded-settings.ts';
import { OpenAiSpeechProvider, OpenAiTranscriptionProvider } from '../apps/server/src/providers/speech/openai.ts';
import { samplesOfWav } from '../apps/server/src/providers/speech/sherpa.ts';
import { startModelServer } from '../apps/server/src/providers/speech/test/model-server.ts';
import { espeakWav, startSpeechPeer } from '../apps/server/src/providers/speech/test/peer.ts';
import { callTurnHead, callTurnRows, concurrentCallRows, concurrentHead } from './voice-calls.ts';

const RUNS = Number(process.env.BENCH_VOICE_RUNS ?? 8);
const SENTENCES: Array<[string, string]> = [
  ['short (4 words)', 'Hello there, traveller.'],
  ['medium (14 words)', 'Sit down by the fire and rest a while, the night is long and cold.'],
  [
    'long (38 words)',
    'When the tide turned we rowed out past the harbour wall, and the old keeper stood in his doorway with the lamp, ' +
      'watching us go until the fog closed over the water and we could no longer see the light at all.',
  ],
];
const silent = { info() {}, warn() {}, error() {} };

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const ms = (x: number) => `${x.toFixed(1)} ms`;

/** Median time of `fn` over RUNS runs after one warm-up, with what the last run returned. */
async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  let value = await fn();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    value = await fn();
    times.push(performance.now() - t0);
  }
  return { ms: median(times), value };
}

function table(title: string, head: string[], rows: string[][]): void {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  console.log(`\n${title}\n${line(head)}\n| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`);
  for (const r of rows) console.log(line(r));
}

async function embeddedSpeech(modelUrl: string, dataDir: string): Promise<string[][]> {
  const local = process.env.TTS_MODEL_PATH;
  const env = local ? { TTS_MODEL_PATH: local } : { TTS_MODEL_URL: modelUrl };
  const provider = new EmbeddedSpeechProvider(embeddedSpeechConfig(env, dataDir), { log: silent });
  const tts = await provider.engine.ready(120_000);
  const rows: string[][] = [];
  for (const [label, text] of SENTENCES) {
    const raw = await timed(() => tts.generateAsync({ text, sid: 0, speed: 1 }));
    const audioMs = (raw.value.samples.length / raw.value.sampleRate) * 1000;
    const app = await timed(() => provider.synthesize({ text, voice: provider.defaultVoice }));
    const appAudioMs = (await decodeAudio(app.value.bytes, 120)).durationMs;
    rows.push([label, ms(audioMs), ms(raw.ms), (raw.ms / audioMs).toFixed(3), ms(app.ms), (app.ms / appAudioMs).toFixed(3)]);
  }
  await provider.close();
  return rows;
}

async function openAiSpeech(peerUrl: string): Promise<string[][]> {
  const provider = new OpenAiSpeechProvider({ url: peerUrl, model: 'tts-1', defaultVoice: 'en-us' });
  const rows: string[][] = [];
  for (const [label, text] of SENTENCES) {
    const raw = await timed(async () => {
      const res = await fetch(`${peerUrl}/v1/audio/speech`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'tts-1', input: text, voice: 'en-us', response_format: 'mp3' }),
      });
      return Buffer.from(await res.arrayBuffer());
    });
    const audioMs = (await decodeAudio(raw.value, 120)).durationMs;
    const app = await timed(() => provider.synthesize({ text, voice: 'en-us' }));
    rows.push([label, ms(audioMs), ms(raw.ms), (raw.ms / audioMs).toFixed(3), ms(app.ms), (app.ms / audioMs).toFixed(3)]);
  }
  return rows;
}

async function transcription(modelUrl: string, peerUrl: string, dataDir: string): Promise<string[][]> {
  const wav = (await decodeAudio(await espeakWav('hello world the weather is nice today'), 60)).wav;
  const audioMs = (await decodeAudio(wav, 60)).durationMs;
  const embedded = new EmbeddedTranscriptionProvider(
    embeddedTranscriptionConfig({ STT_MODEL_TYPE: 'nemo_ctc', STT_MODEL_URL: modelUrl }, dataDir),
    { log: silent },
  );
  const recogniser = await embedded.engine.ready(120_000);
  const rows: string[][] = [];
  const rawEmbedded = await timed(async () => {
    const stream = recogniser.createStream();
    const { samples, sampleRate } = samplesOfWav(wav);
    stream.acceptWaveform({ samples, sampleRate });
    await recogniser.decodeAsync(stream);
    return recogniser.getResult(stream).text;
  });
  const appEmbedded = await timed(() => embedded.transcribe({ audio: wav }));
  rows.push([
    'embedded (tiny CTC, random weights)',
    ms(audioMs),
    ms(rawEmbedded.ms),
    ms(appEmbedded.ms),
    (appEmbedded.ms / audioMs).toFixed(3),
  ]);
  await embedded.close();
  const openai = new OpenAiTranscriptionProvider({ url: peerUrl, model: 'whisper-1' });
  const rawPeer = await timed(async () => {
    const body = new FormData();
    body.append('file', new Blob([new Uint8Array(wav)], { type: 'audio/wav' }), 'speech.wav');
    body.append('model', 'whisper-1');
    return (await fetch(`${peerUrl}/v1/audio/transcriptions`, { method: 'POST', body })).text();
  });
  const appPeer = await timed(() => openai.transcribe({ audio: wav }));
  rows.push(['OpenAI-compatible (pocketsphinx peer)', ms(audioMs), ms(rawPeer.ms), ms(appPeer.ms), (appPeer.ms / audioMs).toFixed(3)]);
  return rows;
}

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'reverie-bench-voice-'));
  const host = await startModelServer();
  const peer = await startSpeechPeer();
  try {
    console.log(`bench:voice, ${RUNS} runs per row (median), ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(2)}`);
    if (process.env.TTS_MODEL_PATH && !existsSync(process.env.TTS_MODEL_PATH)) throw new Error('TTS_MODEL_PATH does not exist');
    if (process.env.BENCH_VOICE_ONLY !== 'calls') await engines(host.url, peer.url, dataDir);
    table('A call turn: end of speech → first audio byte back (median)', callTurnHead, await callTurnRows(host.url));
    table(
      'Calls at once on one server process (OpenAI-compatible speech and chat peers on loopback)',
      concurrentHead,
      await concurrentCallRows(),
    );
    console.log("\nRTF: processing time over the audio's length (below 1: faster than it plays).");
  } finally {
    await peer.close();
    await host.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Rows 1–3: each engine beside its raw call. */
async function engines(host: string, peerUrl: string, dataDir: string): Promise<void> {
  const head = ['sentence', 'audio', 'raw: first audio', 'raw RTF', 'app: first audio', 'app RTF'];
  const voice = process.env.TTS_MODEL_PATH ? path.basename(process.env.TTS_MODEL_PATH) : 'tiny Piper-style voice, random weights';
  table(
    `Embedded speech (${voice}): first audio of a reply = its first sentence`,
    head,
    await embeddedSpeech(`${host}/voice/tiny-voice.onnx`, dataDir),
  );
  table('OpenAI-compatible speech (espeak-ng peer on loopback, MP3)', head, await openAiSpeech(peerUrl));
  table(
    'Speech in: one 16 kHz recording (espeak-ng)',
    ['provider', 'audio', 'raw', 'app', 'app RTF'],
    await transcription(`${host}/stt/tiny-ctc.onnx`, peerUrl, dataDir),
  );
}

await main();
