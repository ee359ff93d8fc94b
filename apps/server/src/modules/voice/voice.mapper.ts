import { DEFAULT_SPEECH_SETTINGS, type SpeechSettings } from '@reverie/shared';
import type { SpeechSettingsRow } from './voice.repo.ts';

export function toSpeechSettings(row: SpeechSettingsRow | undefined): SpeechSettings {
  if (!row) return { ...DEFAULT_SPEECH_SETTINGS, voices: {} };
  return { autoPlay: row.autoPlay, dialogueOnly: row.dialogueOnly, skipActions: row.skipActions, voices: row.voices };
}
