// Voice (#42): speech out (a reply read aloud), speech in (a recording transcribed), their prices and settings.
import { z } from 'zod';
import { ChatMessageParams } from './chat.ts';
import { IdParam } from './common.ts';
import { Allowance } from './billing.ts';

import { VoiceId } from './voice-id.ts';

export { VoiceId, voiceIdOf } from './voice-id.ts';

export const Voice = z.object({ id: z.string(), name: z.string() }).meta({ id: 'Voice' });
export type Voice = z.infer<typeof Voice>;

/** How replies are read: per user (Settings), overriding nothing of the character but its voice when set. */
export const SpeechSettings = z
  .object({
    /** Replies are read aloud as they arrive. */
    autoPlay: z.boolean(),
    /** Only the quoted dialogue is spoken. */
    dialogueOnly: z.boolean(),
    /** *Actions in asterisks* are not spoken. */
    skipActions: z.boolean(),
    /** The user's own voice for a character (character id → voice id), over the creator's choice. */
    voices: z.record(z.uuid(), VoiceId),
  })
  .meta({ id: 'SpeechSettings' });
export type SpeechSettings = z.infer<typeof SpeechSettings>;
export const DEFAULT_SPEECH_SETTINGS: SpeechSettings = { autoPlay: false, dialogueOnly: false, skipActions: true, voices: {} };

export const UpdateSpeechSettingsBody = z
  .object({
    autoPlay: z.boolean().optional(),
    dialogueOnly: z.boolean().optional(),
    skipActions: z.boolean().optional(),
    /** One character's override: a voice id, or null to go back to the character's own voice. */
    voice: z.object({ characterId: z.uuid({ message: 'characterId must be a valid id' }), voiceId: VoiceId.nullable() }).optional(),
  })
  .meta({ id: 'UpdateSpeechSettingsBody' });

const ServiceState = z.object({
  /** Which backend: `openai`, `elevenlabs`, `embedded` or `off`. */
  provider: z.string(),
  available: z.boolean(),
  /** Why it is not available, in a sentence (null when it is). */
  message: z.string().nullable(),
});

/** What speaking and listening cost the caller now: free uses left today, then coins. Null for guests. */
export const VoicePrices = z.object({
  speech: z.object({ cost: z.number().int(), allowance: Allowance }),
  transcription: z.object({ cost: z.number().int(), allowance: Allowance }),
  /** A minute of a call (free minutes left today, then coins a minute). */
  call: z.object({ cost: z.number().int(), allowance: Allowance }),
  balance: z.number().int(),
});

export const VoiceStatusResponse = z
  .object({
    speech: ServiceState,
    transcription: ServiceState,
    prices: VoicePrices.nullable(),
    settings: SpeechSettings.nullable(),
    /** Longest recording accepted, in seconds, and its largest size in bytes. */
    limits: z.object({ maxSeconds: z.number().int(), maxBytes: z.number().int() }),
  })
  .meta({ id: 'VoiceStatusResponse' });
export type VoiceStatusResponse = z.infer<typeof VoiceStatusResponse>;

export const VoicesResponse = z.object({ voices: z.array(Voice), defaultVoice: z.string().nullable() }).meta({ id: 'VoicesResponse' });
export type VoicesResponse = z.infer<typeof VoicesResponse>;

/** A sample line in a voice, to choose one by ear (free, rate-limited). */
export const VoicePreviewBody = z.object({ voice: VoiceId }).meta({ id: 'VoicePreviewBody' });

/**
 * One sentence of a reply, spoken. `playId` names one Listen (the client picks it): its sentences are one charge,
 * and a failed one gives the charge back. The answer carries `x-speech-sentences` (how many there are).
 */
export const SpeakMessageBody = z
  .object({
    playId: z.uuid({ message: 'playId must be a valid id' }),
    sentence: z.number().int().min(0).max(499),
  })
  .meta({ id: 'SpeakMessageBody' });
export const SpeakMessageParams = ChatMessageParams;
/** A reply of a group chat: the group's id and the message's. */
export const SpeakGroupMessageParams = IdParam.extend({ messageId: z.uuid({ message: 'must be a valid message id' }) });

/** Audio bytes (audio/mpeg, audio/wav…), not JSON. */
export const SpeechAudio = z.unknown().meta({ id: 'SpeechAudio', description: 'Audio bytes (the content-type says which format)' });

/** The chat the words are for, when there is one: the content policy reads them as typed text in that chat. */
export const TranscribeQuery = z.object({ characterId: z.uuid({ message: 'characterId must be a valid id' }).optional() });

export const TranscriptionCharge = z.object({ outcome: z.enum(['free', 'coins']), cost: z.number().int(), balance: z.number().int() });

export const TranscriptionResponse = z
  .object({
    text: z.string(),
    /** Length of the recording as decoded, in milliseconds. */
    durationMs: z.number().int(),
    charge: TranscriptionCharge,
  })
  .meta({ id: 'TranscriptionResponse' });
export type TranscriptionResponse = z.infer<typeof TranscriptionResponse>;
