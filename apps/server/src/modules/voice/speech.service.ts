// Speech out (#42): a saved reply read aloud, one sentence per request, in the character's voice (or the user's own
// choice for it). Only the stored text is spoken, and only after the content policy passes it again; a Listen is one
// charge (free daily uses, then coins) that a failed synthesis gives back.
import { speechPieces, type SpeakMessageBody, type Voice } from '@reverie/shared';
import type { z } from 'zod';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { Actor } from '../../lib/access.ts';
import { markSpokenAudio } from '../../lib/ai-mark.ts';
import { AppError } from '../../lib/app-error.ts';
import type { SpeechProvider, SynthesizedAudio } from '../../providers/speech/index.ts';
import type { EntitlementsService } from '../billing/entitlements.service.ts';
import { assertVisible } from '../characters/character-access.ts';
import type { CharactersRepo } from '../characters/characters.repo.ts';
import type { ChatRepo } from '../chat/index.ts';
import type { ModerationService } from '../moderation/moderation.service.ts';
import { blockedError } from '../moderation/moderation.service.ts';
import { backendError } from './voice-errors.ts';
import type { SpeechSettingsRepo } from './voice.repo.ts';

type Repos = { chat: ChatRepo; characters: CharactersRepo; speechSettings: SpeechSettingsRepo };

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
    if (!speech.configured) throw new AppError(503, 'NOT_CONFIGURED', speech.setup ?? 'Speech is off.');
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

  /** The caller's own saved reply, its character and what of it is spoken; 404 for anyone else's message. */
  private async spokenReply(actor: Actor, characterId: string, messageId: string) {
    const { chat, characters, speechSettings } = this.deps.uow.repos;
    const msg = await chat.message(messageId);
    const conv = msg ? await chat.conversation(msg.conversationId) : undefined;
    if (!msg || !conv || conv.userId !== actor.userId || conv.characterId !== characterId) throw AppError.notFound('Message');
    const character = await characters.findById(characterId);
    if (!character) throw AppError.notFound('Message');
    // A deleted character's conversations stay readable (and listenable) for those who have one.
    if (!character.deletedAt) assertVisible(actor, character);
    if (msg.role !== 'assistant' || msg.status !== 'complete') {
      throw AppError.unprocessable('Only a finished reply of the character can be read aloud.', {
        rule: 'not_a_reply',
        field: 'messageId',
      });
    }
    // The stored text, checked again: what is spoken is only ever text that passes the policy now.
    const verdict = this.deps.moderation.check(
      { reply: msg.content },
      { surface: 'chat-reply', nsfwContext: character.nsfw, userId: actor.userId },
    );
    if (!verdict.allowed) throw blockedError(verdict);
    const settings = await speechSettings.get(actor.userId);
    const pieces = speechPieces(msg.content, { dialogueOnly: settings?.dialogueOnly ?? false, skipActions: settings?.skipActions ?? true });
    if (pieces.length === 0) {
      const why = settings?.dialogueOnly ? ' With "only quoted dialogue" on, it has no quotes.' : '';
      throw AppError.unprocessable(`Nothing in this reply is spoken.${why}`, { rule: 'nothing_to_say', field: 'messageId' });
    }
    return { pieces, voice: settings?.voices[characterId] ?? character.voice ?? null };
  }

  async speakMessage(
    actor: Actor,
    characterId: string,
    messageId: string,
    body: z.output<typeof SpeakMessageBody>,
  ): Promise<SpokenSentence> {
    const { speech, entitlements } = this.deps;
    if (!speech.configured) throw new AppError(503, 'NOT_CONFIGURED', speech.setup ?? 'Speech is off.');
    const { pieces, voice: chosen } = await this.spokenReply(actor, characterId, messageId);
    const text = pieces[body.sentence];
    if (text === undefined)
      throw AppError.badRequest(`This reply has ${pieces.length} sentences; there is no sentence ${body.sentence + 1}.`);
    // A voice this service does not offer (a card made for another one) falls back to the default.
    const offered = await this.voices();
    const voice = chosen && offered.voices.some((v) => v.id === chosen) ? chosen : offered.defaultVoice;
    if (!voice) throw new AppError(503, 'NOT_CONFIGURED', 'The speech service offers no voice.');
    const key = `${messageId}:${body.playId}`;
    await entitlements.consumeVoiceAllowanceOrCharge(actor.userId, 'speech', key);
    try {
      return { audio: markSpokenAudio(await speech.synthesize({ text, voice })), sentences: pieces.length };
    } catch (err) {
      await entitlements.release(actor.userId, 'speech', key);
      throw backendError(err, REFUNDED);
    }
  }
}
