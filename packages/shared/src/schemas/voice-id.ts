import { text } from './text.ts';

/** A voice id as the speech service names it ("alloy", "en-us+m1", an ElevenLabs id). */
export const VoiceId = text({ min: 1, max: 100, tooLong: 'A voice id is at most 100 characters' }).regex(
  /^[\p{L}\p{N} ._+:-]+$/u,
  'A voice id may only contain letters, digits, spaces and . _ + : -',
);

/** A voice id as card extensions carry it (`extensions.reverie.voice`): the same rule, checked without zod. */
export function voiceIdOf(value: unknown): string | null {
  return typeof value === 'string' && value.length <= 100 && /^[\p{L}\p{N}._+:-][\p{L}\p{N} ._+:-]*$/u.test(value) ? value : null;
}
