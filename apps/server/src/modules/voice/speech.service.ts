// Speech out (#42): a saved reply read aloud, one sentence per request, in the voice of the character who wrote it
// (or the user's own choice for that character), from a one-to-one chat or a group chat (stored-reply.ts finds it). Only the stored text is spoken, and only after the content policy passes it again; a Listen is one
// charge (free daily uses, then coins) that a failed synthesis gives back.
import { speechPieces, type SpeakMessageBody, type Voice } from '@reverie/shared';
import type { z } from 'zod';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { Actor } from '../../lib/access.ts';
import { markSpokenAudio } from '../../lib/ai-mark.ts';
import { AppError } from '../../lib/app-error.ts';
import type { SpeechProvider, SynthesizedAudio } from '../../providers/speech/index.ts';
import type { EntitlementsService } from '../billing/entitlements.service.ts';
import type { ModerationService } from '../moderation/moderation.service.ts';
import { blockedError } from '../moderation/moderation.service.ts';
import { groupReply, oneToOneReply, type StoredReply, type StoredReplyRepos } from './stored-reply.ts';
import { backendError } from './voice-errors.ts';
import type { SpeechSettingsRepo } from './voice.repo.ts';

type Repos = StoredReplyRepos & { speechSettings: SpeechSettingsRepo };

export const PREVIEW_LINE = 'Hello! This is how I sound when I read a reply to you.';
const REFUNDED = 'Nothing was charged for this Listen.';

export interface SpokenSentence {
  audio: SynthesizedAudio;
  /** How many sentences the reply has (the client asks for each in turn). */
  sentences: number;
}

export class SpeechService {
  constructor(
    private readonly deps: {
      uow: UnitOfWork<Repos>;
      speech: SpeechProvider;
      moderation: ModerationService;
      entitlements: EntitlementsService;
    },
  ) {}

  async voices(): Promise<{ voices: Voice[]; defaultVoice: string | null }> {
    const { speech } = this.deps;
    this.requireSpeech();
    try {
      const voices = await speech.voices();
      return { voices, defaultVoice: speech.defaultVoice ?? voices[0]?.id ?? null };
    } catch (err) {
      throw backendError(err, '');
    }
  }

  /** 400 when the voice is not one the service offers. */
  async requireVoice(voice: string): Promise<void> {
    const { voices } = await this.voices();
    if (!voices.some((v) => v.id === voice)) throw AppError.badRequest(`The speech service has no voice called "${voice}".`);
  }

  async preview(voice: string): Promise<SynthesizedAudio> {
    await this.requireVoice(voice);
    try {
      return markSpokenAudio(await this.deps.speech.synthesize({ text: PREVIEW_LINE, voice }));
    } catch (err) {
      throw backendError(err, '');
    }
  }

  /** One sentence of a reply of the caller's one-to-one conversation with `characterId`. */
  async speakMessage(
    actor: Actor,
    characterId: string,
    messageId: string,
    body: z.output<typeof SpeakMessageBody>,
  ): Promise<SpokenSentence> {
    this.requireSpeech();
    return this.speak(actor, await oneToOneReply(this.deps.uow.repos, actor, characterId, messageId), body);
  }

  /** One sentence of a reply of the caller's group chat, in the voice of the member who wrote it. */
  async speakGroupMessage(
    actor: Actor,
    groupId: string,
    messageId: string,
    body: z.output<typeof SpeakMessageBody>,
  ): Promise<SpokenSentence> {
    this.requireSpeech();
    return this.speak(actor, await groupReply(this.deps.uow.repos, actor, groupId, messageId), body);
  }

  private requireSpeech(): void {
    const { speech } = this.deps;
    if (!speech.configured) throw new AppError(503, 'NOT_CONFIGURED', speech.setup ?? 'Speech is off.');
  }

  /** A stored reply's sentence, whoever's conversation it came from: checked, priced, spoken, marked, refunded on failure. */
  private async speak(actor: Actor, reply: StoredReply, body: z.output<typeof SpeakMessageBody>): Promise<SpokenSentence> {
    const { speech, entitlements } = this.deps;
    const { pieces, voice: chosen } = await this.spokenText(actor, reply);
    const text = pieces[body.sentence];
    if (text === undefined)
      throw AppError.badRequest(`This reply has ${pieces.length} sentences; there is no sentence ${body.sentence + 1}.`);
    // A voice this service does not offer (a card made for another one), or none at all, falls back to the default.
    const offered = await this.voices();
    const voice = chosen && offered.voices.some((v) => v.id === chosen) ? chosen : offered.defaultVoice;
    if (!voice) throw new AppError(503, 'NOT_CONFIGURED', 'The speech service offers no voice.');
    const key = `${reply.message.id}:${body.playId}`;
    await entitlements.consumeVoiceAllowanceOrCharge(actor.userId, 'speech', key);
    try {
      return { audio: markSpokenAudio(await speech.synthesize({ text, voice })), sentences: pieces.length };
    } catch (err) {
      await entitlements.release(actor.userId, 'speech', key);
      throw backendError(err, REFUNDED);
    }
  }

  /** What of a finished reply is spoken (422 for anything else, or what the policy refuses now), and in which voice. */
  private async spokenText(actor: Actor, { message, speaker }: StoredReply) {
    if (message.role !== 'assistant' || message.status !== 'complete') {
      throw AppError.unprocessable('Only a finished reply of the character can be read aloud.', {
        rule: 'not_a_reply',
        field: 'messageId',
      });
    }
    // The stored text, checked again: what is spoken is only ever text that passes the policy now. A speaker that no
    // longer exists is checked as a card without explicit content (the stricter reading).
    const verdict = this.deps.moderation.check(
      { reply: message.content },
      { surface: 'chat-reply', nsfwContext: speaker?.nsfw ?? false, userId: actor.userId },
    );
    if (!verdict.allowed) throw blockedError(verdict);
    const settings = await this.deps.uow.repos.speechSettings.get(actor.userId);
    const pieces = speechPieces(message.content, {
      dialogueOnly: settings?.dialogueOnly ?? false,
      skipActions: settings?.skipActions ?? true,
    });
    if (pieces.length === 0) {
      const why = settings?.dialogueOnly ? ' With "only quoted dialogue" on, it has no quotes.' : '';
      throw AppError.unprocessable(`Nothing in this reply is spoken.${why}`, { rule: 'nothing_to_say', field: 'messageId' });
    }
    // The user's own voice for this character wins over its creator's.
    const voice = speaker ? (settings?.voices[speaker.id] ?? speaker.voice ?? null) : null;
    return { pieces, voice };
  }
}
