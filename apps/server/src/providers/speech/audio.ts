// Audio checked by decoding it, never by its name or declared type: ffprobe names the container and says whether it
// has an audio stream, then ffmpeg decodes it to 16 kHz mono PCM (what recognisers want), which gives its real length.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { tools } from '../../lib/tool-runner.ts';

/** Containers a browser or phone records in (WebM/Opus, Ogg, WAV, MP3, MP4/M4A, FLAC). */
const ALLOWED_FORMATS = ['matroska', 'webm', 'ogg', 'wav', 'mp3', 'mov', 'mp4', 'm4a', 'flac'];
const SAMPLE_RATE = 16_000;
const TOOL_TIMEOUT_MS = 20_000;

export class AudioCheckError extends Error {
  constructor(
    readonly reason: 'not-audio' | 'too-long' | 'empty',
    message: string,
  ) {
    super(message);
    this.name = 'AudioCheckError';
  }
}

export interface DecodedAudio {
  /** 16 kHz mono 16-bit WAV. */
  wav: Buffer;
  durationMs: number;
  /** The container ffprobe found (e.g. `matroska,webm`). */
  format: string;
}

async function probe(file: string): Promise<{ format: string; audio: boolean }> {
  const args = ['-v', 'error', '-show_entries', 'format=format_name:stream=codec_type', '-of', 'json', file];
  const r = await tools.run('ffprobe', args, { timeoutMs: TOOL_TIMEOUT_MS, maxStdout: 1024 * 1024 });
  if (r.error || r.code !== 0) return { format: '', audio: false };
  try {
    const j = JSON.parse(r.stdout.toString('utf8')) as { format?: { format_name?: string }; streams?: Array<{ codec_type?: string }> };
    return { format: j.format?.format_name ?? '', audio: (j.streams ?? []).some((s) => s.codec_type === 'audio') };
  } catch {
    return { format: '', audio: false };
  }
}

async function decodePcm(file: string, maxSeconds: number): Promise<Buffer> {
  // One second past the limit is enough to know it is too long without decoding an hour.
  const args = [
    '-v',
    'error',
    '-i',
    file,
    '-t',
    String(maxSeconds + 1),
    '-vn',
    '-ac',
    '1',
    '-ar',
    String(SAMPLE_RATE),
    '-f',
    's16le',
    'pipe:1',
  ];
  const r = await tools.run('ffmpeg', args, { timeoutMs: TOOL_TIMEOUT_MS, maxStdout: (maxSeconds + 2) * SAMPLE_RATE * 2 });
  if (r.error) throw new Error(`ffmpeg could not be started: ${r.error}`);
  if (r.code !== 0) throw new AudioCheckError('not-audio', 'The recording could not be decoded as audio.');
  return r.stdout;
}

export function wavOf(pcm: Buffer, sampleRate = SAMPLE_RATE): Buffer {
  const h = Buffer.alloc(44);
  h.write('RIFF', 0);
  h.writeUInt32LE(36 + pcm.length, 4);
  h.write('WAVEfmt ', 8);
  h.writeUInt32LE(16, 16);
  h.writeUInt16LE(1, 20);
  h.writeUInt16LE(1, 22);
  h.writeUInt32LE(sampleRate, 24);
  h.writeUInt32LE(sampleRate * 2, 28);
  h.writeUInt16LE(2, 32);
  h.writeUInt16LE(16, 34);
  h.write('data', 36);
  h.writeUInt32LE(pcm.length, 40);
  return Buffer.concat([h, pcm]);
}

/** Decodes `bytes`; refuses what is not audio in an allowed container, silence-free nothing, and more than `maxSeconds`. */
export async function decodeAudio(bytes: Buffer, maxSeconds: number): Promise<DecodedAudio> {
  const dir = await mkdtemp(path.join(tmpdir(), 'reverie-audio-'));
  try {
    // A file, not a pipe: MP4/M4A keep their index at the end and need to seek.
    const file = path.join(dir, 'upload');
    await writeFile(file, bytes);
    const { format, audio } = await probe(file);
    if (!audio || !format.split(',').some((f) => ALLOWED_FORMATS.includes(f))) {
      throw new AudioCheckError('not-audio', 'That is not a recording we can read: send WebM/Opus, Ogg, WAV, MP3, M4A or FLAC audio.');
    }
    const pcm = await decodePcm(file, maxSeconds);
    const durationMs = Math.round((pcm.length / 2 / SAMPLE_RATE) * 1000);
    if (durationMs < 100) throw new AudioCheckError('empty', 'The recording is empty: hold the button while you speak.');
    if (durationMs > maxSeconds * 1000) {
      throw new AudioCheckError('too-long', `The recording is longer than ${maxSeconds} seconds: say it in shorter parts.`);
    }
    return { wav: wavOf(pcm), durationMs, format };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
