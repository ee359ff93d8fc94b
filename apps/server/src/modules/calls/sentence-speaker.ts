// The character's side of a call turn: the reply's words as the pipeline lets them through (already checked by the
// content policy, so only checked text is spoken), cut at sentence ends (`takeSentences`, the cut auto-play and Listen
// use) and spoken one sentence after another, each sent as soon as it is made while the reply is still being written.
// A barge-in (`cancel`) drops whatever is queued; nothing more is sent.
import { takeSentences, type SpeechTextOptions } from '@reverie/shared';
import type { SynthesizedAudio } from '../../providers/speech/index.ts';

export interface SpeakerPorts {
  pieces(text: string, options: SpeechTextOptions): string[];
  say(text: string, voice: string): Promise<SynthesizedAudio>;
  /** Sends one spoken sentence (its event, then its audio). */
  send(sentence: { index: number; text: string; audio: SynthesizedAudio }): void;
}

/** Single asterisks (an action) or straight quotes left open: the sentence cut waits until they close. */
function open(text: string): boolean {
  const stars = text.match(/(?<!\*)\*(?!\*)/g)?.length ?? 0;
  const quotes = text.match(/"/g)?.length ?? 0;
  return stars % 2 === 1 || quotes % 2 === 1;
}

export class SentenceSpeaker {
  private buffer = '';
  private queue: Promise<void> = Promise.resolve();
  private spoken = 0;
  private cancelled = false;
  /** The first failure of synthesis (the rest of the reply is then not spoken). */
  failure: unknown;

  constructor(
    private readonly ports: SpeakerPorts,
    private readonly voice: string,
    private readonly options: SpeechTextOptions,
  ) {}

  /** More of the reply. */
  add(text: string): void {
    if (this.cancelled) return;
    this.buffer += text;
    const { sentences, rest } = takeSentences(this.buffer);
    if (sentences.length === 0) return;
    const taken = this.buffer.slice(0, this.buffer.length - rest.length);
    if (open(taken)) return;
    this.buffer = rest;
    this.enqueue(taken);
  }

  /** The reply ended: what is left is spoken too. Resolves once every sentence was sent (or dropped). */
  async finish(): Promise<void> {
    if (!this.cancelled && this.buffer.trim()) this.enqueue(this.buffer);
    this.buffer = '';
    await this.queue;
  }

  /** Drops everything queued; a sentence being made is not sent. */
  cancel(): void {
    this.cancelled = true;
  }

  private enqueue(text: string): void {
    for (const piece of this.ports.pieces(text, this.options)) {
      this.queue = this.queue.then(() => this.speak(piece));
    }
  }

  private async speak(text: string): Promise<void> {
    if (this.cancelled || this.failure !== undefined) return;
    try {
      const audio = await this.ports.say(text, this.voice);
      if (this.cancelled) return;
      this.ports.send({ index: this.spoken++, text, audio });
    } catch (err) {
      this.failure = err;
    }
  }
}
