// One turn of a call: the user's utterance is recognised, sent as an ordinary chat message through the one reply
// pipeline (the `send` use case: the same refusals, prices, caps, content policy, inspector record and crash recovery
// as a typed message), and the reply's checked words are spoken sentence by sentence while they are written. A
// barge-in stops the reply the way the Stop button does (its words so far saved as an incomplete reply) and drops the
// speech not yet sent.
import type { CallServerEvent } from '@reverie/shared';
import type { Actor } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import { generationError, send, type Generation, type GenerationResult, type ReplyStops } from '../chat/index.ts';
import type { CallSpeaker } from '../voice/call-voice.ts';
import { SentenceSpeaker, type SpeakerPorts } from './sentence-speaker.ts';

export interface TurnDeps {
  hear(audio: Buffer): Promise<{ text: string; durationMs: number }>;
  generation: Generation;
  stops: ReplyStops;
  voice: Pick<SpeakerPorts, 'pieces' | 'say'>;
}

/** The call a turn belongs to. */
export interface TurnCall {
  actor: Actor;
  characterId: string;
  conversationId: string;
  speaker: CallSpeaker;
  rateLimit: () => Promise<void>;
  nsfwLocked: () => Promise<boolean>;
  country: string | undefined;
  emit(event: CallServerEvent): void;
  audio(bytes: Buffer): void;
  present(): boolean;
}

/** How a turn ended: `voice-failed` ends the call (its minute is refunded by the session). */
export type TurnOutcome = { kind: 'done' } | { kind: 'refused' } | { kind: 'voice-failed'; error: AppError };

export class CallTurn {
  private replyId: string | undefined;
  private speaker: SentenceSpeaker | undefined;
  private interrupted = false;

  constructor(
    private readonly deps: TurnDeps,
    private readonly call: TurnCall,
  ) {}

  async run(audio: Buffer): Promise<TurnOutcome> {
    const { call } = this;
    let result: GenerationResult | undefined;
    try {
      const heard = await this.deps.hear(audio);
      if (!heard.text.trim())
        throw AppError.unprocessable('Nothing was heard in that: say it again.', { rule: 'nothing_heard', field: 'audio' });
      const gen = await this.deps.generation.prepareOneToOne(
        send,
        { characterId: call.characterId, conversationId: call.conversationId },
        { actor: call.actor, content: heard.text, rateLimit: call.rateLimit, nsfwLocked: call.nsfwLocked, country: call.country },
      );
      call.emit({ type: 'transcript', text: heard.text, messageId: gen.userMessage?.id ?? '' });
      const speaker = (this.speaker = new SentenceSpeaker(this.ports(), call.speaker.voice, call.speaker.options));
      this.replyId = gen.replyId;
      const sink = {
        queue() {},
        token: (text: string) => {
          call.emit({ type: 'reply-text', delta: text });
          speaker.add(text);
        },
        present: () => call.present(),
      };
      result = await this.deps.stops.run(gen.replyId, (signal) => gen.run(sink, signal));
      await speaker.finish();
      if (speaker.failure !== undefined) return { kind: 'voice-failed', error: asAppError(speaker.failure) };
    } catch (err) {
      this.speaker?.cancel();
      const stoppedEarly = this.interrupted && err instanceof AppError && err.status === 409;
      if (!stoppedEarly) {
        const e = generationError(err);
        const details = err instanceof AppError ? err.details : undefined;
        call.emit({ type: 'error', code: e.code, message: e.message, fatal: false, ...(details ? { details } : {}) });
        return { kind: 'refused' };
      }
    } finally {
      this.replyId = undefined;
    }
    const message = result?.message;
    call.emit({ type: 'turn-end', messageId: message?.id ?? null, status: message?.status ?? 'stopped', interrupted: this.interrupted });
    return { kind: 'done' };
  }

  /** The user started talking: the reply stops (saved as far as it got) and queued speech is dropped. */
  async bargeIn(): Promise<void> {
    const replyId = this.replyId;
    if (!replyId || this.interrupted) return;
    this.interrupted = true;
    this.speaker?.cancel();
    await this.deps.stops.stop(replyId);
  }

  private ports(): SpeakerPorts {
    const { voice } = this.deps;
    return {
      pieces: (text, options) => voice.pieces(text, options),
      say: (text, v) => voice.say(text, v),
      send: ({ index, text, audio }) => {
        this.call.emit({ type: 'audio-start', sentence: index, text, bytes: audio.bytes.length });
        this.call.audio(audio.bytes);
      },
    };
  }
}

function asAppError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  return new AppError(503, 'UNAVAILABLE', 'The voice could not be made.');
}
