// The conversation's scope for the blocked-content policy: a minor cue or explicit content established by the card,
// the memory summary, the pinned facts or the recent messages stays in force for every later message (a minor cue in
// one message and sexual content in a later one are refused together, also in a character marked SFW).
//
// Recomputed from stored text on each message rather than kept in a column: the card's part (the longest text) is
// cached per character version, and the rest is the memory, the pinned facts and the few newest messages the send
// path reads anyway.
import type { ScopeState } from '../moderation/minors.ts';
import type { ModerationService } from '../moderation/moderation.service.ts';

interface ScopeCharacter {
  id: string;
  nsfw: boolean;
  updatedAt: Date;
  description: string;
  personality: string;
  scenario: string;
  greeting: string;
  exampleDialogue: string;
}

const CARD_CACHE_SIZE = 500;
const cardScopes = new Map<string, ScopeState>();

export function conversationScope(
  moderation: Pick<ModerationService, 'scopeOf'>,
  character: ScopeCharacter,
  conversation: { memorySummary: string | null; pinnedFacts: string[] } | null | undefined,
  history: { content: string; status?: string }[],
): ScopeState {
  const key = `${character.id}:${character.updatedAt.getTime()}`;
  let card = cardScopes.get(key);
  if (!card) {
    const { description, personality, scenario, greeting, exampleDialogue } = character;
    card = moderation.scopeOf(
      { description, personality, scenario, greeting, exampleDialogue },
      { surface: 'character', nsfwContext: character.nsfw },
    );
    if (cardScopes.size >= CARD_CACHE_SIZE) cardScopes.delete(cardScopes.keys().next().value!);
    cardScopes.set(key, card);
  }
  const fields: Record<string, string | undefined> = { summary: conversation?.memorySummary ?? undefined };
  (conversation?.pinnedFacts ?? []).forEach((fact, i) => (fields[`pinned${i}`] = fact));
  // Blocked messages were never shown or kept as part of the story; they do not set the scope.
  history.filter((m) => m.status !== 'blocked').forEach((m, i) => (fields[`message${i}`] = m.content));
  const talk = moderation.scopeOf(fields, { surface: 'chat-user', nsfwContext: character.nsfw });
  return { minor: card.minor ?? talk.minor, explicit: card.explicit ?? talk.explicit };
}
