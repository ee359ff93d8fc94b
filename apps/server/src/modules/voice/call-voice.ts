// The character's voice in a call (modules/calls): chosen once when the call starts, as Listen chooses it (the user's
// own voice for the character, else its creator's, else the service's default), and the user's speech settings
// (actions skipped, only quoted dialogue). Each sentence is synthesised and marked as AI-made like every spoken reply.
// Pricing is the call's (by the minute); the text is what the reply pipeline already let through the content policy.
import { speakableText, splitSentences, type SpeechTextOptions } from '@reverie/shared';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { Actor } from '../../lib/access.ts';
import { markSpokenAudio } from '../../lib/ai-mark.ts';
import { AppError } from '../../lib/app-error.ts';
import type { SpeechProvider, SynthesizedAudio } from '../../providers/speech/index.ts';
import { assertVisible } from '../characters/character-access.ts';
import type { CharactersRepo } from '../characters/characters.repo.ts';
import type { SpeechService } from './speech.service.ts';
import { backendError } from './voice-errors.ts';
import type { SpeechSettingsRepo } from './voice.repo.ts';

export interface CallSpeaker {
  voice: string;
  options: SpeechTextOptions;
}

export class CallVoice {
  constructor(
    private readonly deps: {
      uow: UnitOfWork<{ characters: CharactersRepo; speechSettings: SpeechSettingsRepo }>;
      speech: SpeechProvider;
      speechService: SpeechService;
    },
  ) {}

  /** Whether a call can run: both directions configured. */
  available(transcriptionConfigured: boolean): boolean {
    return this.deps.speech.configured && transcriptionConfigured;
  }

  /** The voice and the reading options for the caller's call with `characterId` (404 for a character they cannot see). */
  async speakerFor(actor: Actor, characterId: string): Promise<CallSpeaker> {
    const { uow, speechService } = this.deps;
    const character = await uow.repos.characters.findById(characterId);
    if (!character) throw AppError.notFound('Character');
    assertVisible(actor, character);
    const settings = await uow.repos.speechSettings.get(actor.userId);
    const chosen = settings?.voices[character.id] ?? character.voice ?? null;
    const offered = await speechService.voices();
    const voice = chosen && offered.voices.some((v) => v.id === chosen) ? chosen : offered.defaultVoice;
    if (!voice) throw new AppError(503, 'NOT_CONFIGURED', 'The speech service offers no voice.');
    return { voice, options: { dialogueOnly: settings?.dialogueOnly ?? false, skipActions: settings?.skipActions ?? true } };
  }

  /** The spoken pieces of a stretch of reply text (markdown and, by the settings, actions left out). */
  pieces(text: string, options: SpeechTextOptions): string[] {
    return splitSentences(speakableText(text, options));
  }

  /** One sentence, synthesised and marked; a failure is a 503 with the backend's sentence. */
  async say(text: string, voice: string): Promise<SynthesizedAudio> {
    try {
      return markSpokenAudio(await this.deps.speech.synthesize({ text, voice }));
    } catch (err) {
      throw backendError(err, '');
    }
  }
}
