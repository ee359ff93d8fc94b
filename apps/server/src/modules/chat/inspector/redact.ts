// What of a character's definition the inspector may show a viewer: all of it to its creator (and admins) and, for a
// public character whose creator allows downloads, to anyone (the card can be downloaded); of another creator's public
// or unlisted character, what its page shows (the hidden parts named with their size, never quoted); of a character
// that is private (or deleted) and not the viewer's, nothing but that it is hidden.
import type { Actor } from '../../../lib/access.ts';
import type { LoreEntry, PromptCharacter } from '../prompt/types.ts';

export type DefinitionAccess = 'all' | 'page' | 'none';

export function definitionAccess(
  actor: Actor,
  c: { creatorId: string; visibility: string; allowDownload: boolean; deletedAt: Date | null },
): DefinitionAccess {
  if (c.creatorId === actor.userId || actor.role === 'admin') return 'all';
  if (c.deletedAt || c.visibility === 'private') return 'none';
  return c.visibility === 'public' && c.allowDownload ? 'all' : 'page';
}

type Count = (text: string) => number;

const hidden = (what: string, text: string, count: Count) => (text.trim() ? `[hidden: ${what}, ${count(text)} tokens]` : '');

/** The name shown for a character whose page the viewer cannot see. */
export const HIDDEN_NAME = 'a private character';

/** A lorebook entry with its text named, not quoted (its keys stay: they are not part of the prompt's text). */
export function hiddenEntry(e: LoreEntry, count: Count): LoreEntry {
  return { ...e, name: e.name, content: hidden("a lorebook entry of the creator's", e.content, count) };
}

/** The card with what the viewer may not see replaced by its name and size. */
export function redactCard(card: PromptCharacter, access: DefinitionAccess, count: Count): PromptCharacter {
  if (access === 'all') return card;
  const out: PromptCharacter = {
    ...card,
    systemPrompt: hidden("the creator's instructions", card.systemPrompt ?? '', count) || undefined,
    postHistoryInstructions: hidden("the creator's post-history instructions", card.postHistoryInstructions ?? '', count) || undefined,
    characterBook: card.characterBook?.map((e) => hiddenEntry(e, count)),
  };
  if (access === 'page') return out;
  return {
    ...out,
    name: HIDDEN_NAME,
    description: hidden("the character's description", card.description ?? '', count),
    personality: hidden("the character's personality", card.personality ?? '', count),
    scenario: hidden("the character's scenario", card.scenario ?? '', count),
    exampleDialogue: hidden("the character's example dialogue", card.exampleDialogue ?? '', count),
  };
}

/** The sentence the rebuilt prompt carries when something was left out for this viewer. */
export function hiddenNote(access: DefinitionAccess): string | undefined {
  if (access === 'page')
    return "Parts of this character's definition that its page does not show (the creator's instructions and lorebook) are named here, not quoted.";
  if (access === 'none') return 'This character is private now: its definition is named here, not quoted.';
  return undefined;
}
