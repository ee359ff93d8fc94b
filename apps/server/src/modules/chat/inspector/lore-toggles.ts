// Lorebook entries a user turned off for one conversation (from the inspector): the prompt leaves them out.
import type { PromptCharacter } from '../prompt/types.ts';

/** The character with the entries whose ids are in `off` disabled (unchanged when none are). */
export function withLoreOff(character: PromptCharacter, off: readonly string[] | undefined): PromptCharacter {
  if (!off?.length || !character.characterBook) return character;
  const set = new Set(off);
  return {
    ...character,
    characterBook: character.characterBook.map((e) => (e.id !== undefined && set.has(e.id) ? { ...e, enabled: false } : e)),
  };
}
