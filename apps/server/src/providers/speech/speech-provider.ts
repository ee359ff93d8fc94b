// Speech out (text → audio) and speech in (audio → text): the interfaces the voice module uses, whatever the backend.
import type { Voice } from '@reverie/shared';
import type { ProviderHealth } from '../health.ts';

/** Why a speech backend call failed, in a sentence a person understands. */
export class SpeechBackendError extends Error {
  constructor(
    readonly code: 'NOT_CONFIGURED' | 'UNAVAILABLE' | 'REFUSED' | 'MALFORMED',
    message: string,
  ) {
    super(message);
    this.name = 'SpeechBackendError';
  }
}

export interface SynthesizedAudio {
  bytes: Buffer;
  /** e.g. audio/mpeg, audio/wav. */
  contentType: string;
}

export interface SpeechProvider extends ProviderHealth {
  /** Backend name: openai, elevenlabs, embedded, off. */
  readonly kind: string;
  /** False when off or not set up; `setup` then says what to set. */
  readonly configured: boolean;
  readonly setup: string | null;
  /** The voice used when neither the user nor the character chose one. */
  readonly defaultVoice: string | null;
  voices(): Promise<Voice[]>;
  synthesize(request: { text: string; voice: string; signal?: AbortSignal }): Promise<SynthesizedAudio>;
  /** Starts loading what the provider needs (the embedded engine's model) in the background. */
  warmUp?(): void;
  /** Frees what the provider holds (the embedded engine); called when the server closes. */
  close?(): Promise<void>;
}

export interface TranscriptionProvider extends ProviderHealth {
  readonly kind: string;
  readonly configured: boolean;
  readonly setup: string | null;
  /** `audio`: a 16 kHz mono WAV (the voice module decodes every upload first). */
  transcribe(request: { audio: Buffer; language?: string; signal?: AbortSignal }): Promise<{ text: string }>;
  warmUp?(): void;
  close?(): Promise<void>;
}
