// Settings of the embedded speech engines (TTS_* for speech out, STT_* for speech in): which model files, local or
// downloaded on first use into DATA_DIR/models. No sherpa-onnx import here (config.ts reads this).
import path from 'node:path';
import { z } from 'zod';
import type { ModelFile } from './embedded-engine.ts';

/**
 * Piper's "lessac" (medium, 22,050 Hz, one speaker, US English), as sherpa-onnx republishes it with the metadata its
 * engine reads, and its tokens.txt beside it. The phonemes come from espeak-ng's data (TTS_DATA_DIR, by default the
 * system's: Debian's espeak-ng-data package). Sizes in docs/voice.md. Not pinned by SHA-256 (could not be looked up from
 * this machine); set TTS_MODEL_SHA256 to enforce one.
 */
export const DEFAULT_TTS_MODEL_URL =
  'https://huggingface.co/csukuangfj/vits-piper-en_US-lessac-medium/resolve/main/en_US-lessac-medium.onnx';

/** Whisper tiny.en (int8), as sherpa-onnx exports it: an encoder, a decoder and `tiny.en-tokens.txt`. */
export const DEFAULT_STT_MODEL_URL = 'https://huggingface.co/csukuangfj/sherpa-onnx-whisper-tiny.en/resolve/main/tiny.en-encoder.int8.onnx';

/** Where Debian/Ubuntu (espeak-ng-data) and other systems keep espeak-ng's data; the first that exists is used. */
export const SYSTEM_ESPEAK_DATA = [
  '/usr/lib/x86_64-linux-gnu/espeak-ng-data',
  '/usr/lib/aarch64-linux-gnu/espeak-ng-data',
  '/usr/share/espeak-ng-data',
  '/usr/local/share/espeak-ng-data',
];

const sha = (name: string) =>
  z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, `${name} must be 64 hex characters`)
    .optional();

export const EmbeddedSpeechEnvSchema = z.object({
  TTS_MODEL_PATH: z.string().min(1).optional(),
  TTS_MODEL_URL: z.string().url().optional(),
  TTS_MODEL_SHA256: sha('TTS_MODEL_SHA256'),
  TTS_TOKENS_PATH: z.string().min(1).optional(),
  TTS_TOKENS_URL: z.string().url().optional(),
  TTS_DATA_DIR: z.string().min(1).optional(),
  STT_MODEL_TYPE: z.enum(['whisper', 'nemo_ctc']).default('whisper'),
  STT_MODEL_PATH: z.string().min(1).optional(),
  STT_MODEL_URL: z.string().url().optional(),
  STT_MODEL_SHA256: sha('STT_MODEL_SHA256'),
  STT_DECODER_PATH: z.string().min(1).optional(),
  STT_DECODER_URL: z.string().url().optional(),
  STT_TOKENS_PATH: z.string().min(1).optional(),
  STT_TOKENS_URL: z.string().url().optional(),
  SPEECH_THREADS: z.coerce.number().int().min(1).max(64).optional(),
});
export type EmbeddedSpeechEnv = z.infer<typeof EmbeddedSpeechEnvSchema>;

export interface EmbeddedSpeechConfig {
  provider: 'embedded';
  dataDir: string;
  model: ModelFile;
  tokens: ModelFile;
  /** espeak-ng's data folder; unset: the system's (SYSTEM_ESPEAK_DATA). */
  espeakData?: string;
  voice?: string;
  threads?: number;
}

export interface EmbeddedTranscriptionConfig {
  provider: 'embedded';
  dataDir: string;
  modelType: 'whisper' | 'nemo_ctc';
  model: ModelFile;
  decoder?: ModelFile;
  tokens: ModelFile;
  language?: string;
  threads?: number;
}

/** A file beside `of` (a path or a URL), its name made from the last segment by `rename`. */
function sibling(of: string, rename: (name: string) => string): string {
  if (/^https?:\/\//.test(of)) {
    const u = new URL(of);
    u.pathname = path.posix.join(path.posix.dirname(u.pathname), rename(path.posix.basename(u.pathname)));
    return u.toString();
  }
  return path.join(path.dirname(of), rename(path.basename(of)));
}

/** One file: the local path wins; else the URL given, else the one derived from the model's. */
function fileOf(role: string, p: string | undefined, url: string | undefined, derived: string, sha256?: string): ModelFile {
  if (p) return { role, path: p };
  if (url) return { role, url, sha256 };
  return /^https?:\/\//.test(derived) ? { role, url: derived, sha256 } : { role, path: derived };
}

export function embeddedSpeechConfig(e: Partial<EmbeddedSpeechEnv> & { SPEECH_VOICE?: string }, dataDir: string): EmbeddedSpeechConfig {
  const model = e.TTS_MODEL_PATH ?? e.TTS_MODEL_URL ?? DEFAULT_TTS_MODEL_URL;
  return {
    provider: 'embedded',
    dataDir,
    model: fileOf(
      'model',
      e.TTS_MODEL_PATH,
      e.TTS_MODEL_URL ?? (e.TTS_MODEL_PATH ? undefined : DEFAULT_TTS_MODEL_URL),
      model,
      e.TTS_MODEL_SHA256?.toLowerCase(),
    ),
    tokens: fileOf(
      'tokens',
      e.TTS_TOKENS_PATH,
      e.TTS_TOKENS_URL,
      sibling(model, () => 'tokens.txt'),
    ),
    espeakData: e.TTS_DATA_DIR,
    voice: e.SPEECH_VOICE,
    threads: e.SPEECH_THREADS,
  };
}

export function embeddedTranscriptionConfig(
  e: EmbeddedSpeechEnv & { TRANSCRIPTION_LANGUAGE?: string },
  dataDir: string,
): EmbeddedTranscriptionConfig {
  const whisper = e.STT_MODEL_TYPE === 'whisper';
  const defaultUrl = whisper ? DEFAULT_STT_MODEL_URL : undefined;
  const model = e.STT_MODEL_PATH ?? e.STT_MODEL_URL ?? defaultUrl;
  if (!model) throw new Error('STT_MODEL_TYPE=nemo_ctc needs STT_MODEL_PATH or STT_MODEL_URL (the model.onnx), with tokens.txt beside it');
  // sherpa-onnx names Whisper's files <size>-encoder[.int8].onnx, <size>-decoder[.int8].onnx, <size>-tokens.txt.
  const tokensName = (name: string) => (whisper && /-encoder/.test(name) ? `${name.split('-encoder')[0]}-tokens.txt` : 'tokens.txt');
  return {
    provider: 'embedded',
    dataDir,
    modelType: e.STT_MODEL_TYPE,
    model: fileOf(
      'model',
      e.STT_MODEL_PATH,
      e.STT_MODEL_URL ?? (e.STT_MODEL_PATH ? undefined : defaultUrl),
      model,
      e.STT_MODEL_SHA256?.toLowerCase(),
    ),
    decoder: whisper
      ? fileOf(
          'decoder',
          e.STT_DECODER_PATH,
          e.STT_DECODER_URL,
          sibling(model, (n) => n.replace('-encoder', '-decoder')),
        )
      : undefined,
    tokens: fileOf('tokens', e.STT_TOKENS_PATH, e.STT_TOKENS_URL, sibling(model, tokensName)),
    language: e.TRANSCRIPTION_LANGUAGE,
    threads: e.SPEECH_THREADS,
  };
}
