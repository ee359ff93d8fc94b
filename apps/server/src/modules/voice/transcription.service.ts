// Speech in (#42): a recording, checked by decoding it (format, size, length), turned into text by the transcription
// provider, and put through the same content policy as typed text before anyone sees it. The audio is never stored.
import { randomUUID } from 'node:crypto';
import type { TranscriptionResponse } from '@reverie/shared';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { Actor } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import { decodeAudio } from '../../providers/speech/audio.ts';
import type { TranscriptionProvider } from '../../providers/speech/index.ts';
import type { EntitlementsService } from '../billing/entitlements.service.ts';
import { assertVisible } from '../characters/character-access.ts';
import type { CharactersRepo } from '../characters/characters.repo.ts';
import type { ModerationService } from '../moderation/moderation.service.ts';
import { audioError, backendError } from './voice-errors.ts';

export interface TranscriptionLimits {
  maxSeconds: number;
  maxBytes: number;
}

export class TranscriptionService {
  constructor(
    private readonly deps: {
      uow: UnitOfWork<{ characters: CharactersRepo }>;
      transcription: TranscriptionProvider;
      moderation: ModerationService;
      entitlements: EntitlementsService;
      limits: TranscriptionLimits;
    },
  ) {}

  /** Whether the chat the words are for is explicit (the policy reads typed text the same way); 404 for a hidden one. */
  private async nsfwContext(actor: Actor, characterId: string | undefined): Promise<boolean | undefined> {
    if (!characterId) return undefined;
    const character = await this.deps.uow.repos.characters.findById(characterId);
    if (!character) throw AppError.notFound('Character');
    assertVisible(actor, character);
    return character.nsfw;
  }

  async transcribe(actor: Actor, upload: Buffer, characterId?: string): Promise<TranscriptionResponse> {
    const { entitlements } = this.deps;
    this.requireTranscription();
    const nsfwContext = await this.nsfwContext(actor, characterId);
    const decoded = await this.decode(upload);
    const key = randomUUID();
    const charge = await entitlements.consumeVoiceAllowanceOrCharge(actor.userId, 'transcription', key);
    let text: string;
    try {
      text = await this.recognise(decoded.wav);
    } catch (err) {
      await entitlements.release(actor.userId, 'transcription', key);
      throw backendError(err, 'Nothing was charged for it.');
    }
    // The words are the user's own, as if typed: the same policy, before they reach the composer (or a model).
    this.deps.moderation.assertAllowed(
      { transcript: text },
      { surface: 'chat-user', nsfwContext, userId: actor.userId, characterId, fieldLabels: { transcript: 'recording' } },
    );
    return {
      text,
      durationMs: decoded.durationMs,
      charge: { outcome: charge.outcome, cost: charge.cost, balance: charge.balance },
    };
  }

  /**
   * An utterance of a call (modules/calls): bounded by decoding and recognised like an upload, but not priced here
   * (a call is priced by the minute) and not checked here: the words become a chat message, which the reply
   * pipeline checks in the conversation's scope before the model sees them.
   */
  async hear(upload: Buffer): Promise<{ text: string; durationMs: number }> {
    this.requireTranscription();
    const decoded = await this.decode(upload);
    try {
      return { text: await this.recognise(decoded.wav), durationMs: decoded.durationMs };
    } catch (err) {
      throw backendError(err, '');
    }
  }

  private requireTranscription(): void {
    const { transcription } = this.deps;
    if (!transcription.configured) throw new AppError(503, 'NOT_CONFIGURED', transcription.setup ?? 'Speech input is off.');
  }

  private async decode(upload: Buffer) {
    try {
      return await decodeAudio(upload, this.deps.limits.maxSeconds);
    } catch (err) {
      throw audioError(err);
    }
  }

  private async recognise(wav: Buffer): Promise<string> {
    return (await this.deps.transcription.transcribe({ audio: wav })).text;
  }
}
