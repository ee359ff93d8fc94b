// ElevenLabs text-to-speech (its streaming endpoint), at SPEECH_URL (default https://api.elevenlabs.io) with SPEECH_API_KEY:
//   GET  /v1/voices (xi-api-key) → {voices: [{voice_id, name}]}
//   POST /v1/text-to-speech/{voice_id}/stream?output_format=mp3_44100_128 {text, model_id} → audio/mpeg
import type { Voice } from '@reverie/shared';
import { baseUrlOf, call, MAX_AUDIO_BYTES, reachability, readLimited } from './http.ts';
import { SpeechBackendError, type SpeechProvider, type SynthesizedAudio } from './speech-provider.ts';

export const ELEVENLABS_DEFAULT_URL = 'https://api.elevenlabs.io';

export interface ElevenLabsOptions {
  url?: string;
  apiKey: string;
  model: string;
  defaultVoice?: string;
  timeoutMs?: number;
}

export class ElevenLabsSpeechProvider implements SpeechProvider {
  readonly name = 'speech';
  readonly kind = 'elevenlabs';
  readonly configured = true;
  readonly setup = null;
  readonly defaultVoice: string | null;
  readonly health: SpeechProvider['health'];
  private readonly base: string;
  private listed: { at: number; voices: Voice[] } | undefined;

  constructor(private readonly o: ElevenLabsOptions) {
    this.base = baseUrlOf(o.url ?? ELEVENLABS_DEFAULT_URL);
    this.defaultVoice = o.defaultVoice ?? null;
    this.health = reachability(this.base, 'ElevenLabs service');
  }

  async voices(): Promise<Voice[]> {
    if (this.listed && Date.now() - this.listed.at < 5 * 60_000) return this.listed.voices;
    const res = await call(`${this.base}/v1/voices`, { headers: { 'xi-api-key': this.o.apiKey }, timeoutMs: 10_000 }, 'ElevenLabs service');
    const body = JSON.parse((await readLimited(res, 4 * 1024 * 1024, 'ElevenLabs service')).toString('utf8')) as {
      voices?: Array<{ voice_id?: unknown; name?: unknown }>;
    };
    const voices = (body.voices ?? [])
      .filter((v) => typeof v.voice_id === 'string')
      .map((v) => ({ id: v.voice_id as string, name: typeof v.name === 'string' ? v.name : (v.voice_id as string) }));
    this.listed = { at: Date.now(), voices };
    return voices;
  }

  async synthesize(request: { text: string; voice: string; signal?: AbortSignal }): Promise<SynthesizedAudio> {
    const res = await call(
      `${this.base}/v1/text-to-speech/${encodeURIComponent(request.voice)}/stream?output_format=mp3_44100_128`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'xi-api-key': this.o.apiKey, accept: 'audio/mpeg' },
        body: JSON.stringify({ text: request.text, model_id: this.o.model }),
        signal: request.signal,
        timeoutMs: this.o.timeoutMs ?? 60_000,
      },
      'ElevenLabs service',
    );
    const bytes = await readLimited(res, MAX_AUDIO_BYTES, 'ElevenLabs service');
    if (bytes.length === 0) throw new SpeechBackendError('MALFORMED', 'The ElevenLabs service sent no audio.');
    return { bytes, contentType: 'audio/mpeg' };
  }
}
