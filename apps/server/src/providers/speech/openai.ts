// OpenAI-compatible speech (OpenAI, Kokoro-FastAPI, LocalAI, openedai-speech) and transcription (OpenAI, Groq,
// whisper.cpp server, faster-whisper-server):
//   POST /v1/audio/speech {model, input, voice, response_format: "mp3"} → audio bytes
//   GET  /v1/audio/voices → {voices: [id | {id, name}]}   (Kokoro-FastAPI and LocalAI; OpenAI has none: its fixed list)
//   POST /v1/audio/transcriptions multipart {file, model, response_format: "json"[, language]} → {text}
import type { Voice } from '@reverie/shared';
import { baseUrlOf, call, MAX_AUDIO_BYTES, reachability, readLimited } from './http.ts';
import { SpeechBackendError, type SpeechProvider, type SynthesizedAudio, type TranscriptionProvider } from './speech-provider.ts';

/** OpenAI's own voices, offered when the server has no voice list. */
export const OPENAI_VOICES = ['alloy', 'ash', 'ballad', 'coral', 'echo', 'fable', 'nova', 'onyx', 'sage', 'shimmer', 'verse'];

export interface OpenAiSpeechOptions {
  url: string;
  apiKey?: string;
  model: string;
  /** Voices named by configuration (SPEECH_VOICES), over the server's list. */
  voices?: string[];
  defaultVoice?: string;
  timeoutMs?: number;
}

const auth = (apiKey?: string): Record<string, string> => (apiKey ? { authorization: `Bearer ${apiKey}` } : {});

function voiceOf(v: unknown): Voice | null {
  if (typeof v === 'string' && v) return { id: v, name: v };
  const o = v as { id?: unknown; voice_id?: unknown; name?: unknown } | null;
  const id = typeof o?.id === 'string' ? o.id : typeof o?.voice_id === 'string' ? o.voice_id : null;
  return id ? { id, name: typeof o?.name === 'string' ? o.name : id } : null;
}

export class OpenAiSpeechProvider implements SpeechProvider {
  readonly name = 'speech';
  readonly kind = 'openai';
  readonly configured = true;
  readonly setup = null;
  readonly defaultVoice: string;
  private readonly base: string;
  private listed: { at: number; voices: Voice[] } | undefined;
  readonly health: SpeechProvider['health'];

  constructor(private readonly o: OpenAiSpeechOptions) {
    this.base = baseUrlOf(o.url);
    this.defaultVoice = o.defaultVoice ?? o.voices?.[0] ?? 'alloy';
    this.health = reachability(this.base, 'speech service');
  }

  async voices(): Promise<Voice[]> {
    if (this.o.voices?.length) return this.o.voices.map((id) => ({ id, name: id }));
    if (this.listed && Date.now() - this.listed.at < 5 * 60_000) return this.listed.voices;
    let voices: Voice[];
    try {
      const res = await call(`${this.base}/v1/audio/voices`, { headers: auth(this.o.apiKey), timeoutMs: 10_000 }, 'speech service');
      const body = JSON.parse((await readLimited(res, 1024 * 1024, 'speech service')).toString('utf8')) as { voices?: unknown };
      voices = Array.isArray(body.voices) ? body.voices.map(voiceOf).filter((v): v is Voice => v !== null) : [];
    } catch (err) {
      // No list on this server (OpenAI itself answers 404): its documented voices.
      if (!(err instanceof SpeechBackendError) || !/answered 40[45]/.test(err.message)) throw err;
      voices = OPENAI_VOICES.map((id) => ({ id, name: id }));
    }
    this.listed = { at: Date.now(), voices };
    return voices;
  }

  async synthesize(request: { text: string; voice: string; signal?: AbortSignal }): Promise<SynthesizedAudio> {
    const res = await call(
      `${this.base}/v1/audio/speech`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...auth(this.o.apiKey) },
        body: JSON.stringify({ model: this.o.model, input: request.text, voice: request.voice, response_format: 'mp3' }),
        signal: request.signal,
        timeoutMs: this.o.timeoutMs ?? 60_000,
      },
      'speech service',
    );
    const bytes = await readLimited(res, MAX_AUDIO_BYTES, 'speech service');
    if (bytes.length === 0) throw new SpeechBackendError('MALFORMED', 'The speech service sent no audio.');
    const type = res.headers.get('content-type') ?? '';
    return { bytes, contentType: type.startsWith('audio/') ? type.split(';')[0]! : 'audio/mpeg' };
  }
}

export interface OpenAiTranscriptionOptions {
  url: string;
  apiKey?: string;
  model: string;
  /** An ISO-639-1 hint sent with every recording. */
  language?: string;
  timeoutMs?: number;
}

export class OpenAiTranscriptionProvider implements TranscriptionProvider {
  readonly name = 'transcription';
  readonly kind = 'openai';
  readonly configured = true;
  readonly setup = null;
  private readonly base: string;
  readonly health: TranscriptionProvider['health'];

  constructor(private readonly o: OpenAiTranscriptionOptions) {
    this.base = baseUrlOf(o.url);
    this.health = reachability(this.base, 'transcription service');
  }

  async transcribe(request: { audio: Buffer; language?: string; signal?: AbortSignal }): Promise<{ text: string }> {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(request.audio)], { type: 'audio/wav' }), 'speech.wav');
    form.append('model', this.o.model);
    form.append('response_format', 'json');
    const language = request.language ?? this.o.language;
    if (language) form.append('language', language);
    const res = await call(
      `${this.base}/v1/audio/transcriptions`,
      { method: 'POST', headers: auth(this.o.apiKey), body: form, signal: request.signal, timeoutMs: this.o.timeoutMs ?? 120_000 },
      'transcription service',
    );
    const raw = (await readLimited(res, 1024 * 1024, 'transcription service')).toString('utf8');
    let text: unknown;
    try {
      text = (JSON.parse(raw) as { text?: unknown }).text;
    } catch {
      throw new SpeechBackendError('MALFORMED', 'The transcription service did not answer JSON.');
    }
    if (typeof text !== 'string') throw new SpeechBackendError('MALFORMED', 'The transcription service sent no text.');
    return { text: text.trim() };
  }
}
