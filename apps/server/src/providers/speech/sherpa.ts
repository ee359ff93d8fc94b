// sherpa-onnx (k2-fsa, through the `sherpa-onnx-node` addon): the CPU speech engine the embedded providers run in this
// process. The addon ships no types; the few calls used are declared here. Its loaders end the whole process
// (`_Exit`) on some bad models (a valid ONNX file without the metadata the engine reads), so a model is first opened
// in a throwaway child process (`probeInChild`): a model that would crash the server gives a sentence instead.
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { tools } from '../../lib/tool-runner.ts';
import { wavLayout, wavOf } from './audio.ts';

export interface TtsConfig {
  model: { vits: { model: string; tokens: string; dataDir?: string; lexicon?: string }; numThreads: number; provider: 'cpu'; debug: 0 | 1 };
  maxNumSentences: number;
}

export interface RecognizerConfig {
  featConfig: { sampleRate: number; featureDim: number };
  modelConfig: {
    whisper?: { encoder: string; decoder: string; language?: string; task?: string };
    nemoCtc?: { model: string };
    tokens: string;
    numThreads: number;
    provider: 'cpu';
    debug: 0 | 1;
  };
}

export interface OfflineTts {
  readonly numSpeakers: number;
  readonly sampleRate: number;
  generateAsync(req: { text: string; sid: number; speed: number }): Promise<{ samples: Float32Array; sampleRate: number }>;
}

export interface OfflineStream {
  acceptWaveform(wave: { samples: Float32Array; sampleRate: number }): void;
}

export interface OfflineRecognizer {
  createStream(): OfflineStream;
  decodeAsync(stream: OfflineStream): Promise<void>;
  getResult(stream: OfflineStream): { text: string };
}

interface SherpaModule {
  OfflineTts: { createAsync(config: TtsConfig): Promise<OfflineTts> };
  OfflineRecognizer: { createAsync(config: RecognizerConfig): Promise<OfflineRecognizer> };
}

const require = createRequire(import.meta.url);

/** The addon (its native library is loaded on the first call; a machine without a build for it throws a sentence). */
export function sherpa(): SherpaModule {
  try {
    return require('sherpa-onnx-node') as SherpaModule;
  } catch (err) {
    const why = err instanceof Error ? err.message.split('\n')[0] : String(err);
    throw new Error(`The speech engine (sherpa-onnx) cannot run on this machine: ${why}`, { cause: err });
  }
}

/** Opens the model in a child and makes it run once (a word, or a second of silence); the lines it logged if it failed. */
const PROBE = `
const s = require(process.argv[1]);
const [kind, json] = [process.argv[2], process.argv[3]];
(async () => {
  if (kind === 'tts') {
    const tts = await s.OfflineTts.createAsync(JSON.parse(json));
    await tts.generateAsync({ text: 'Hello.', sid: 0, speed: 1 });
  } else {
    const r = await s.OfflineRecognizer.createAsync(JSON.parse(json));
    const stream = r.createStream();
    stream.acceptWaveform({ samples: new Float32Array(16000), sampleRate: 16000 });
    await r.decodeAsync(stream);
  }
})().then(() => process.exit(0), (e) => { console.error(String(e && e.message || e)); process.exit(3); });
`;

export function probeInChild(kind: 'tts' | 'stt', config: TtsConfig | RecognizerConfig, timeoutMs = 120_000): Promise<void> {
  const addon = require.resolve('sherpa-onnx-node');
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['-e', PROBE, addon, kind, JSON.stringify(config)],
      { timeout: timeoutMs, maxBuffer: 4 * 1024 * 1024, env: { ...process.env, NODE_OPTIONS: '' } },
      (err, _stdout, stderr) => {
        if (!err) return resolve();
        // The engine logs "<file>:<function>:<line> <what>"; keep what it said, without where.
        const lines = stderr
          .split('\n')
          .map((l) => l.replace(/^\S*\.(cc|h):\S+\s*/, '').trim())
          .filter((l) => l && !/^(Node\.js v|\s*at )/.test(l));
        const said = lines.slice(-3).join(' ') || (err.killed ? 'it did not answer in time' : `it stopped (${err.code ?? err.signal})`);
        reject(new Error(said));
      },
    );
  });
}

/** Float samples in [-1, 1] → 16-bit PCM. */
export function pcm16(samples: Float32Array): Buffer {
  const out = Buffer.alloc(samples.length * 2);
  for (let i = 0; i < samples.length; i++) {
    const s = Math.max(-1, Math.min(1, samples[i] ?? 0));
    out.writeInt16LE(Math.round(s < 0 ? s * 0x8000 : s * 0x7fff), i * 2);
  }
  return out;
}

/** The samples of a 16-bit PCM mono WAV (what `decodeAudio` makes), as floats; throws on anything else. */
export function samplesOfWav(wav: Buffer): { samples: Float32Array; sampleRate: number } {
  if (wav.length < 44 || wav.toString('latin1', 0, 4) !== 'RIFF' || wav.toString('latin1', 8, 12) !== 'WAVE') {
    throw new Error('The recording is not a WAV file.');
  }
  const layout = wavLayout(wav);
  if (layout && (layout.format !== 1 || layout.channels !== 1 || layout.bits !== 16)) {
    throw new Error('The recording must be 16-bit PCM mono WAV.');
  }
  if (layout?.sampleRate) {
    const samples = new Float32Array((layout.dataEnd - layout.dataStart) >> 1);
    for (let i = 0; i < samples.length; i++) samples[i] = wav.readInt16LE(layout.dataStart + i * 2) / 0x8000;
    return { samples, sampleRate: layout.sampleRate };
  }
  throw new Error('The recording is not a WAV file with audio in it.');
}

/**
 * Samples → MP3 through ffmpeg (the format every speech provider answers in; the AI mark is an ID3 tag in front),
 * started from the tool runner's helper process, so that starting it does not hold up the event loop.
 */
export async function encodeMp3(samples: Float32Array, sampleRate: number, timeoutMs = 30_000): Promise<Buffer> {
  const input = wavOf(pcm16(samples), sampleRate);
  const args = ['-v', 'error', '-f', 'wav', '-i', 'pipe:0', '-codec:a', 'libmp3lame', '-q:a', '4', '-f', 'mp3', 'pipe:1'];
  const r = await tools.run('ffmpeg', args, { input, timeoutMs, maxStdout: 64 * 1024 * 1024 });
  if (r.error) throw new Error(`ffmpeg could not be started to encode the speech: ${r.error}`);
  if (r.code === 0) return r.stdout;
  throw new Error(`ffmpeg could not encode the speech: ${r.stderr.trim() || `exit ${r.code ?? r.signal}`}`);
}
