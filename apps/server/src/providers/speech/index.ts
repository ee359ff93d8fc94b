// Speech providers: speech out (SPEECH_*) and speech in (TRANSCRIPTION_*), chosen by configuration.
//
// Environment (parsed with `SpeechEnvSchema` in config.ts; nothing here reads process.env):
//   SPEECH_PROVIDER         embedded | openai | elevenlabs | off           default embedded
//   SPEECH_URL              openai: the server (https://api.openai.com, http://127.0.0.1:8880 Kokoro-FastAPI…);
//                           elevenlabs: default https://api.elevenlabs.io
//   SPEECH_API_KEY          bearer key (openai), xi-api-key (elevenlabs, required)
//   SPEECH_MODEL            default tts-1 (openai), eleven_multilingual_v2 (elevenlabs)
//   SPEECH_VOICE            the voice when neither user nor character chose one
//   SPEECH_VOICES           comma-separated voice ids offered (openai servers without GET /v1/audio/voices)
//   TRANSCRIPTION_PROVIDER  embedded | openai | off                        default embedded
//   TRANSCRIPTION_URL / _API_KEY / _MODEL (default whisper-1) / _LANGUAGE (an ISO-639-1 hint, default unset)
//   embedded: TTS_* and STT_* (embedded-settings.ts): the model files, local or downloaded on first use
// A provider without what it needs is off, with a sentence saying what to set.
import { z } from 'zod';
import type { HealthRegistry } from '../health.ts';
import type { LlmLog } from '../llm/llm-provider.ts';
import { DisabledSpeechProvider } from './disabled.ts';
import { EmbeddedSpeechProvider, EmbeddedTranscriptionProvider } from './embedded.ts';
import {
  embeddedSpeechConfig,
  EmbeddedSpeechEnvSchema,
  embeddedTranscriptionConfig,
  type EmbeddedSpeechConfig,
  type EmbeddedTranscriptionConfig,
} from './embedded-settings.ts';
import { ElevenLabsSpeechProvider } from './elevenlabs.ts';
import { OpenAiSpeechProvider, OpenAiTranscriptionProvider } from './openai.ts';
import type { SpeechProvider, TranscriptionProvider } from './speech-provider.ts';

export * from './speech-provider.ts';
export { ELEVENLABS_DEFAULT_URL } from './elevenlabs.ts';
export { OPENAI_VOICES } from './openai.ts';

const list = z
  .string()
  .optional()
  .transform((v) =>
    v
      ?.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );

export const SpeechEnvSchema = z
  .object({
    SPEECH_PROVIDER: z.string().trim().toLowerCase().default('embedded'),
    SPEECH_URL: z.string().url().optional(),
    SPEECH_API_KEY: z.string().optional(),
    SPEECH_MODEL: z.string().min(1).max(200).optional(),
    SPEECH_VOICE: z.string().min(1).max(100).optional(),
    SPEECH_VOICES: list,
    TRANSCRIPTION_PROVIDER: z.string().trim().toLowerCase().default('embedded'),
    TRANSCRIPTION_URL: z.string().url().optional(),
    TRANSCRIPTION_API_KEY: z.string().optional(),
    TRANSCRIPTION_MODEL: z.string().min(1).max(200).default('whisper-1'),
    TRANSCRIPTION_LANGUAGE: z
      .string()
      .regex(/^[a-z]{2}$/)
      .optional(),
  })
  .extend(EmbeddedSpeechEnvSchema.shape);
export type SpeechEnv = z.infer<typeof SpeechEnvSchema>;

export const SPEECH_SETUP_HELP =
  'Speech is off. Set SPEECH_PROVIDER=openai with SPEECH_URL (an OpenAI-compatible /v1/audio/speech server such as Kokoro-FastAPI), ' +
  'or SPEECH_PROVIDER=elevenlabs with SPEECH_API_KEY, or SPEECH_PROVIDER=embedded (a voice model on this machine, downloaded on first use).';
export const TRANSCRIPTION_SETUP_HELP =
  'Speech input is off. Set TRANSCRIPTION_PROVIDER=openai with TRANSCRIPTION_URL (an OpenAI-compatible /v1/audio/transcriptions ' +
  'server such as whisper.cpp or faster-whisper-server), or TRANSCRIPTION_PROVIDER=embedded (a recogniser on this machine, downloaded on first use).';

export type SpeechConfig =
  | { provider: 'openai'; url: string; apiKey?: string; model: string; voice?: string; voices?: string[] }
  | { provider: 'elevenlabs'; url?: string; apiKey: string; model: string; voice?: string }
  | EmbeddedSpeechConfig
  | { provider: 'off'; reason: string };
export type TranscriptionConfig =
  | { provider: 'openai'; url: string; apiKey?: string; model: string; language?: string }
  | EmbeddedTranscriptionConfig
  | { provider: 'off'; reason: string };

export function speechConfigFromEnv(e: SpeechEnv, dataDir: string): SpeechConfig {
  if (e.SPEECH_PROVIDER === 'embedded') return embeddedSpeechConfig(e, dataDir);
  const key = e.SPEECH_API_KEY || undefined;
  if (e.SPEECH_PROVIDER === 'openai') {
    if (!e.SPEECH_URL) return { provider: 'off', reason: `${SPEECH_SETUP_HELP} SPEECH_PROVIDER=openai needs SPEECH_URL.` };
    return {
      provider: 'openai',
      url: e.SPEECH_URL,
      apiKey: key,
      model: e.SPEECH_MODEL ?? 'tts-1',
      voice: e.SPEECH_VOICE,
      voices: e.SPEECH_VOICES,
    };
  }
  if (e.SPEECH_PROVIDER === 'elevenlabs') {
    if (!key) return { provider: 'off', reason: `${SPEECH_SETUP_HELP} SPEECH_PROVIDER=elevenlabs needs SPEECH_API_KEY.` };
    return {
      provider: 'elevenlabs',
      url: e.SPEECH_URL,
      apiKey: key,
      model: e.SPEECH_MODEL ?? 'eleven_multilingual_v2',
      voice: e.SPEECH_VOICE,
    };
  }
  if (e.SPEECH_PROVIDER === 'off') return { provider: 'off', reason: SPEECH_SETUP_HELP };
  return {
    provider: 'off',
    reason: `${SPEECH_SETUP_HELP} (SPEECH_PROVIDER=${e.SPEECH_PROVIDER} is not one of off, openai, elevenlabs, embedded.)`,
  };
}

export function transcriptionConfigFromEnv(e: SpeechEnv, dataDir: string): TranscriptionConfig {
  if (e.TRANSCRIPTION_PROVIDER === 'embedded') {
    try {
      return embeddedTranscriptionConfig(e, dataDir);
    } catch (err) {
      return { provider: 'off', reason: `${TRANSCRIPTION_SETUP_HELP} ${(err as Error).message}.` };
    }
  }
  if (e.TRANSCRIPTION_PROVIDER === 'openai') {
    if (!e.TRANSCRIPTION_URL) return { provider: 'off', reason: `${TRANSCRIPTION_SETUP_HELP} It needs TRANSCRIPTION_URL.` };
    const apiKey = e.TRANSCRIPTION_API_KEY || undefined;
    return { provider: 'openai', url: e.TRANSCRIPTION_URL, apiKey, model: e.TRANSCRIPTION_MODEL, language: e.TRANSCRIPTION_LANGUAGE };
  }
  if (e.TRANSCRIPTION_PROVIDER === 'off') return { provider: 'off', reason: TRANSCRIPTION_SETUP_HELP };
  return {
    provider: 'off',
    reason: `${TRANSCRIPTION_SETUP_HELP} (TRANSCRIPTION_PROVIDER=${e.TRANSCRIPTION_PROVIDER} is not one of off, openai, embedded.)`,
  };
}

type Deps = { health: HealthRegistry; log: LlmLog };

export function createSpeechProvider(config: SpeechConfig, deps: Deps): SpeechProvider {
  const p =
    config.provider === 'embedded'
      ? new EmbeddedSpeechProvider(config, { log: deps.log })
      : config.provider === 'openai'
        ? new OpenAiSpeechProvider({
            url: config.url,
            apiKey: config.apiKey,
            model: config.model,
            voices: config.voices,
            defaultVoice: config.voice,
          })
        : config.provider === 'elevenlabs'
          ? new ElevenLabsSpeechProvider({ url: config.url, apiKey: config.apiKey, model: config.model, defaultVoice: config.voice })
          : new DisabledSpeechProvider('speech', config.reason);
  return deps.health.register(p);
}

export function createTranscriptionProvider(config: TranscriptionConfig, deps: Deps): TranscriptionProvider {
  const p =
    config.provider === 'embedded'
      ? new EmbeddedTranscriptionProvider(config, { log: deps.log })
      : config.provider === 'openai'
        ? new OpenAiTranscriptionProvider({ url: config.url, apiKey: config.apiKey, model: config.model, language: config.language })
        : new DisabledSpeechProvider('transcription', config.reason);
  return deps.health.register(p);
}
