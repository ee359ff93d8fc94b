// Speech out or in switched off (or not set up): health says how to turn it on; every call is refused.
import type { Voice } from '@reverie/shared';
import { SpeechBackendError, type SpeechProvider, type TranscriptionProvider } from './speech-provider.ts';

export class DisabledSpeechProvider implements SpeechProvider, TranscriptionProvider {
  readonly kind = 'off';
  readonly configured = false;
  readonly defaultVoice = null;

  constructor(
    readonly name: 'speech' | 'transcription',
    readonly setup: string,
  ) {}

  async health() {
    return { status: 'disabled' as const, detail: this.setup };
  }

  async voices(): Promise<Voice[]> {
    return [];
  }

  async synthesize(): Promise<never> {
    throw new SpeechBackendError('NOT_CONFIGURED', this.setup);
  }

  async transcribe(): Promise<never> {
    throw new SpeechBackendError('NOT_CONFIGURED', this.setup);
  }
}
