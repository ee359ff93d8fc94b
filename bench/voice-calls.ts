// The calls rows of `npm run bench:voice` (bench/voice.ts), each against a real server process (e2e/server-process.ts)
// and a real WebSocket client (`ws`):
//
//  1. A call turn with the embedded engines (the tests' tiny Piper-style voice and tiny CTC recogniser) and the tiny
//     chat model (the self-made GGUF, llama.cpp in the server): from the end of the user's speech to the first audio
//     byte back, split into detection (the browser's voice activity hearing the end: run here on the recording's own
//     frames, in audio time), then, measured at the client from sending the utterance: transcript back (upload,
//     decoding, recognition, the pipeline's checks and the saved message), first reply words, first audio.
//  2. BENCH_CALLS (1, 10, then 50) calls at once on one process: each sends BENCH_CALL_TURNS (2) espeak-ng utterances
//     (as 16 kHz PCM WAV, what the app's microphone sends; BENCH_CALL_AUDIO=decode: as 22,050 Hz WAV, decoded); speech and
//     transcription through the OpenAI-compatible peer on loopback (espeak-ng, pocketsphinx; each distinct sentence
//     and recording made once and then answered from memory, so that the peer's CPU work, which a real deployment
//     does elsewhere, does not starve the server on this 2-core machine), replies from the OpenAI-compatible chat
//     peer (in this process, LLM_PARALLEL=64 so that the model's slots do not queue the calls). The server's event-loop delay is read inside it
//     (bench/eld-probe.mjs); every `audio-start` must be followed by its frame of the announced size (none dropped).
import os from 'node:os';
import { callPath } from '@reverie/shared';
import { decodeAudio } from '../apps/server/src/providers/speech/audio.ts';
import { samplesOfWav } from '../apps/server/src/providers/speech/sherpa.ts';
import { espeakWav, startSpeechPeer } from '../apps/server/src/providers/speech/test/peer.ts';
import { openCall, type CallClient } from '../apps/server/src/modules/calls/test/call-client.ts';
import { startOpenAiPeer } from '../apps/server/test/openai-peer.ts';
import { tinyModelPath } from '../apps/server/test/tiny-model.ts';
import { rmsLevel, VoiceActivity } from '../apps/web/src/features/voice/lib/voice-activity.ts';
import { startServer, findFreePort, type ServerProcess } from '../e2e/server-process.ts';
import { ELD_PROBE, nextIp, percentile, probe, request, signUp, sortNum } from './chat-client.ts';

const RUNS = Number(process.env.BENCH_VOICE_RUNS ?? 8);
/** How many calls at once, one row each (the figure is 50; one and ten show the machine's own delay and how it grows with them). */
const CALLS = (process.env.BENCH_CALLS ?? '1,10,50').split(',').map(Number);
const TURNS = Number(process.env.BENCH_CALL_TURNS ?? 2);
const FRAME_MS = 30;
const ms = (x: number) => `${Math.round(x)} ms`;
const median = (xs: number[]) => sortNum(xs)[Math.floor(xs.length / 2)]!;

/**
 * How long after the speech ends the browser's voice activity says so: the web's own VoiceActivity fed the
 * recording's RMS every 30 ms, then silence, in audio time (the listener reads the microphone every 30 ms).
 */
export function detectionMs(wav16k: Buffer): number {
  const { samples, sampleRate } = samplesOfWav(wav16k);
  const frame = Math.round((sampleRate * FRAME_MS) / 1000);
  const vad = new VoiceActivity();
  let lastLoud = 0;
  let t = 0;
  for (let i = 0; i + frame <= samples.length; i += frame, t += FRAME_MS) {
    const level = rmsLevel(samples.subarray(i, i + frame));
    if (level > 0.02) lastLoud = t + FRAME_MS;
    vad.push(level, FRAME_MS);
  }
  for (let k = 0; k < 200; k++, t += FRAME_MS) if (vad.push(0, FRAME_MS) === 'end') return t + FRAME_MS - lastLoud;
  throw new Error('voice activity never heard the end');
}

async function signedInCall(base: string, token: string, characterId: string): Promise<CallClient> {
  // Each from its own address (TRUST_PROXY=1), as many people's calls are: sockets are rate-limited per address.
  const c = await openCall(`${base.replace(/^http/, 'ws')}${callPath(characterId)}`, { headers: { 'x-forwarded-for': nextIp() } });
  const ready = c.next('ready', 60_000);
  c.send({ type: 'auth', token });
  await ready;
  return c;
}

interface TurnTimes {
  transcript: number;
  firstWords: number;
  firstAudio: number;
}

/** One turn: the utterance sent, then when its transcript, first words and first audio frame came back. */
async function turn(c: CallClient, utterance: Buffer, timeoutMs = 120_000): Promise<TurnTimes & { frames: number; announced: number }> {
  const start = c.received.length;
  const ended = c.next('turn-end', timeoutMs);
  const t0 = performance.now();
  c.ws.send(utterance);
  await ended;
  const got = c.received.slice(start);
  const at = (pred: (r: (typeof got)[number]) => boolean) => (got.find(pred)?.at ?? Number.NaN) - t0;
  const announced = got.filter((r) => r.kind === 'event' && r.event.type === 'audio-start');
  // A frame counts when it follows its announcement with the size announced.
  let frames = 0;
  got.forEach((r, i) => {
    const next = got[i + 1];
    if (r.kind === 'event' && r.event.type === 'audio-start' && next?.kind === 'audio' && next.bytes.length === r.event.bytes) frames++;
  });
  return {
    transcript: at((r) => r.kind === 'event' && r.event.type === 'transcript'),
    firstWords: at((r) => r.kind === 'event' && r.event.type === 'reply-text'),
    firstAudio: at((r) => r.kind === 'audio'),
    frames,
    announced: announced.length,
  };
}

async function characterOf(base: string): Promise<string> {
  return (JSON.parse((await request(`${base}/api/chat/status`)).body) as { diagnosticCharacterId: string }).diagnosticCharacterId;
}

/** Row 1: a turn with the embedded engines and the tiny chat model. */
export async function callTurnRows(modelHost: string): Promise<string[][]> {
  const server = await startServer({
    env: {
      LOG_LEVEL: 'warn',
      REQUIRE_EMAIL_VERIFICATION: 'false',
      TRUST_PROXY: '1',
      SPEECH_PROVIDER: 'embedded',
      TTS_MODEL_URL: `${modelHost}/voice/tiny-voice.onnx`,
      TRANSCRIPTION_PROVIDER: 'embedded',
      STT_MODEL_TYPE: 'nemo_ctc',
      STT_MODEL_URL: `${modelHost}/stt/tiny-ctc.onnx`,
      LLM_PROVIDER: 'embedded',
      LLM_MODEL_PATH: tinyModelPath(1),
      LLM_CONTEXT_SIZE: '1024',
      LLM_THREADS: '1',
      LLM_GPU: 'false',
      CHAT_MAX_TOKENS: '48',
    },
    timeoutMs: 120_000,
  });
  try {
    // 16 kHz PCM WAV, as the app's microphone sends it.
    const wav = (await decodeAudio(await espeakWav('hello world the weather is nice today'), 60)).wav;
    const detection = detectionMs(wav);
    const call = await signedInCall(server.url, await signUp(server.url), await characterOf(server.url));
    await turn(call, wav); // warm-up: the engines load on first use
    const runs: TurnTimes[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await turn(call, wav));
    call.send({ type: 'hang-up' });
    await call.closed;
    const m = (k: keyof TurnTimes) => median(runs.map((r) => r[k]).filter((x) => Number.isFinite(x)));
    return [
      [
        'embedded engines (tiny voice, tiny CTC), tiny chat model',
        ms(detection),
        ms(m('transcript')),
        ms(m('firstWords')),
        ms(m('firstAudio')),
        ms(detection + m('firstAudio')),
      ],
    ];
  } finally {
    await server.stop();
  }
}

/** Row 2: CALLS calls at once, TURNS turns each, one row per count. */
export async function concurrentCallRows(): Promise<string[][]> {
  const rows: string[][] = [];
  for (const calls of CALLS) rows.push(await concurrentCalls(calls));
  return rows;
}

async function concurrentCalls(CALLS: number): Promise<string[]> {
  const phrases = ['hello world the weather is nice today', 'please tell me a story about the dragon'];
  const [speech, chat] = await Promise.all([startSpeechPeer({ phrases, memo: true }), startOpenAiPeer()]);
  chat.behave({ kind: 'reply', parts: ['It is a fine day.', ' The sun is out.'], delayMs: 20 });
  const probePort = await findFreePort();
  let server: ServerProcess | undefined;
  try {
    server = await startServer({
      env: {
        LOG_LEVEL: 'warn',
        REQUIRE_EMAIL_VERIFICATION: 'false',
        TRUST_PROXY: '1',
        ...{ SPEECH_PROVIDER: 'openai', SPEECH_URL: speech.url, SPEECH_VOICE: 'en-us' },
        ...{ TRANSCRIPTION_PROVIDER: 'openai', TRANSCRIPTION_URL: speech.url },
        ...{ LLM_PROVIDER: 'openai', LLM_BASE_URL: chat.baseUrl, LLM_MODEL: 'peer-model', LLM_RETRIES: '0' },
        // The peer answers any number at once: the model's two default slots would queue the replies, not the calls.
        LLM_PARALLEL: '64',
        BENCH_PROBE_PORT: String(probePort),
        NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ${ELD_PROBE}`.trim(),
      },
      // e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`: where the server's time goes (written when it stops).
      nodeArgs: (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean),
      timeoutMs: 120_000,
    });
    const base = server.url;
    const characterId = await characterOf(base);
    // As the app's microphone sends them (16 kHz PCM WAV, read without a decoder), or with BENCH_CALL_AUDIO=decode as
    // espeak-ng writes them (22,050 Hz: one ffmpeg per utterance, what a MediaRecorder's WebM costs the server).
    const spoken = await Promise.all(phrases.map((p) => espeakWav(p)));
    const decoded = await Promise.all(spoken.map((w) => decodeAudio(w, 60)));
    const utterances = process.env.BENCH_CALL_AUDIO === 'decode' ? spoken : decoded.map((d) => d.wav);
    const tokens = await Promise.all(Array.from({ length: CALLS }, () => signUp(base)));
    // A call before the window: what the first one loads and compiles (the server compiles its TypeScript on load,
    // apps/server/typescript.mjs) and the peers' first answers are not what the window measures.
    const warm = await signedInCall(base, await signUp(base), characterId);
    for (const u of utterances) await turn(warm, u);
    warm.send({ type: 'hang-up' });
    await warm.closed;
    // All the calls are open together for the whole window: each is connected first, then speaks its turns (started
    // over 5 s), each utterance taking as long to say as it lasts before it is sent, and hangs up when all are done.
    const spokenMs = decoded.map((d) => d.durationMs);
    const before = await probe(probePort, 'reset');
    const t0 = performance.now();
    const calls = await Promise.all(tokens.map((token) => signedInCall(base, token, characterId)));
    const results = await Promise.all(
      calls.map(async (call, i) => {
        await new Promise((r) => setTimeout(r, (i * 5_000) / CALLS));
        const turns = [];
        for (let k = 0; k < TURNS; k++) {
          await new Promise((r) => setTimeout(r, spokenMs[k % utterances.length]));
          turns.push(await turn(call, utterances[k % utterances.length]!, 300_000));
        }
        return turns;
      }),
    );
    for (const call of calls) call.send({ type: 'hang-up' });
    await Promise.all(calls.map((c) => c.closed));
    const wall = performance.now() - t0;
    const eld = await probe(probePort, 'stats');
    const load = os.loadavg()[0]!;
    const cpu = (eld.cpuMicros - before.cpuMicros) / 1000 / wall;
    const all = results.flat();
    const announced = all.reduce((n, r) => n + r.announced, 0);
    const frames = all.reduce((n, r) => n + r.frames, 0);
    const firstAudio = sortNum(all.map((r) => r.firstAudio));
    return [
      `${CALLS} calls × ${TURNS} turns`,
      `${(wall / 1000).toFixed(1)} s`,
      `${Math.round(cpu * 100)} % of a core (load ${load.toFixed(1)})`,
      ms(percentile(firstAudio, 50)),
      ms(percentile(firstAudio, 95)),
      `${eld.p99} ms (max ${eld.max} ms)`,
      `${frames} of ${announced} (${announced - frames} dropped; ${2 * CALLS * TURNS} sentences said)`,
    ];
  } finally {
    await server?.stop();
    await Promise.all([speech.close(), chat.close()]);
  }
}

export const callTurnHead = ['call turn', 'detection', 'transcript back', 'first words', 'first audio', 'speech end → first audio'];
export const concurrentHead = [
  'calls at once',
  'wall',
  'server CPU',
  'first audio p50',
  'first audio p95',
  'server event-loop delay p99',
  'audio frames',
];
