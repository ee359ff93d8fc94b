// Audio checked by decoding it, never by its name or declared type: the container is named by its first bytes (the
// signatures of the six containers browsers and phones record in), and one ffmpeg, told to read only that container,
// decodes its audio to 16 kHz mono PCM (what recognisers want), which gives its real length. Bytes of any other kind,
// a container without audio and a damaged file are refused. One process per recording, not a probe and then a decode:
// 50 calls at once each start one per utterance (bench/voice-calls.ts), and forcing the demuxer keeps ffmpeg's
// format guessing away from untrusted bytes. What the app's own microphone sends (16 kHz mono 16-bit PCM in WAV, see
// apps/web/src/features/voice/lib/pcm.ts) needs no decoding: its samples are taken as they are, without ffmpeg, whose
// start alone costs ~130 ms of CPU here.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { tools } from '../../lib/tool-runner.ts';

const SAMPLE_RATE = 16_000;
const TOOL_TIMEOUT_MS = 20_000;
const NOT_AUDIO = 'That is not a recording we can read: send WebM/Opus, Ogg, WAV, MP3, M4A or FLAC audio.';

/**
 * The ffmpeg demuxer for the container `bytes` start with (WebM/Matroska, Ogg, WAV, MP3, MP4/M4A/MOV, FLAC), or
 * undefined for anything else.
 */
export function containerOf(bytes: Buffer): string | undefined {
  const ascii = (from: number, to: number) => bytes.subarray(from, to).toString('latin1');
  if (bytes.length < 12) return undefined;
  if (bytes.readUInt32BE(0) === 0x1a45dfa3) return 'matroska';
  if (ascii(0, 4) === 'OggS') return 'ogg';
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WAVE') return 'wav';
  if (ascii(0, 4) === 'fLaC') return 'flac';
  if (ascii(4, 8) === 'ftyp') return 'mov';
  // An ID3 tag, or an MPEG audio frame's sync word with a layer set (AAC's ADTS frames have none).
  if (ascii(0, 3) === 'ID3' || (bytes[0] === 0xff && (bytes[1]! & 0xe0) === 0xe0 && (bytes[1]! & 0x06) !== 0)) return 'mp3';
  return undefined;
}

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
  /** The container its first bytes name (`matroska`, `ogg`, `wav`, `flac`, `mov` or `mp3`). */
  format: string;
}

async function decodePcm(file: string, container: string, maxSeconds: number): Promise<Buffer> {
  // One second past the limit is enough to know it is too long without decoding an hour.
  const args = [
    '-v',
    'error',
    '-f',
    container,
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

/** A WAV's sample format and where its samples lie (`dataStart` to `dataEnd`, cut at the end of the bytes). */
export interface WavLayout {
  format: number;
  channels: number;
  sampleRate: number;
  bits: number;
  dataStart: number;
  dataEnd: number;
}

/**
 * Walks a WAV's chunks (after its 12-byte RIFF/WAVE header, which the caller has checked) to its `fmt ` and then its
 * `data`; undefined when there is no `fmt ` before a `data`, or the `fmt ` is cut short.
 */
export function wavLayout(bytes: Buffer): WavLayout | undefined {
  let at = 12;
  let fmt: Omit<WavLayout, 'dataStart' | 'dataEnd'> | undefined;
  while (at + 8 <= bytes.length) {
    const id = bytes.toString('latin1', at, at + 4);
    const size = bytes.readUInt32LE(at + 4);
    const body = at + 8;
    if (id === 'fmt ') {
      if (size < 16 || body + 16 > bytes.length) return undefined;
      const [format, channels, sampleRate, bits] = [
        bytes.readUInt16LE(body),
        bytes.readUInt16LE(body + 2),
        bytes.readUInt32LE(body + 4),
        bytes.readUInt16LE(body + 14),
      ];
      fmt = { format, channels, sampleRate, bits };
    } else if (id === 'data') {
      return fmt && { ...fmt, dataStart: body, dataEnd: Math.min(bytes.length, body + size) };
    }
    at = body + size + (size % 2);
  }
  return undefined;
}

/**
 * The samples of a WAV that already is 16 kHz mono 16-bit PCM (at most `maxBytes` of them), or undefined for any other
 * WAV. Every pair of bytes is a valid sample, so they need no checking; `wavOf` writes a fresh header for them.
 */
export function pcm16kOfWav(bytes: Buffer, maxBytes: number): Buffer | undefined {
  const wav = wavLayout(bytes);
  if (!wav || wav.format !== 1 || wav.channels !== 1 || wav.sampleRate !== SAMPLE_RATE || wav.bits !== 16) return undefined;
  const end = Math.min(wav.dataEnd, wav.dataStart + maxBytes);
  return Buffer.from(bytes.subarray(wav.dataStart, wav.dataStart + ((end - wav.dataStart) & ~1)));
}

/** Decodes `bytes`; refuses what is not audio in an allowed container, silence-free nothing, and more than `maxSeconds`. */
export async function decodeAudio(bytes: Buffer, maxSeconds: number): Promise<DecodedAudio> {
  const format = containerOf(bytes);
  if (!format) throw new AudioCheckError('not-audio', NOT_AUDIO);
  const ready = format === 'wav' ? pcm16kOfWav(bytes, (maxSeconds + 1) * SAMPLE_RATE * 2) : undefined;
  if (ready) return measured(ready, format, maxSeconds);
  const dir = await mkdtemp(path.join(tmpdir(), 'reverie-audio-'));
  try {
    // A file, not a pipe: MP4/M4A keep their index at the end and need to seek.
    const file = path.join(dir, 'upload');
    await writeFile(file, bytes);
    return measured(await decodePcm(file, format, maxSeconds), format, maxSeconds);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** 16 kHz mono samples as a WAV with their length, refused when (almost) empty or too long. */
function measured(pcm: Buffer, format: string, maxSeconds: number): DecodedAudio {
  const durationMs = Math.round((pcm.length / 2 / SAMPLE_RATE) * 1000);
  if (durationMs < 100) throw new AudioCheckError('empty', 'The recording is empty: hold the button while you speak.');
  if (durationMs > maxSeconds * 1000) {
    throw new AudioCheckError('too-long', `The recording is longer than ${maxSeconds} seconds: say it in shorter parts.`);
  }
  return { wav: wavOf(pcm), durationMs, format };
}
