// The conversation's scope for the blocked-content policy: a minor cue or explicit content established by the card,
// the memory summary, the pinned facts or the recent messages stays in force for every later message (a minor cue in
// one message and sexual content in a later one are refused together, also in a character marked SFW).
//
// Durable: a cue the memory, the pinned facts or the few newest messages (which the send path reads anyway) show for
// the first time is kept in the conversation's row (conversations.moderation_scope, in the background), so it holds
// after its message has scrolled out of the newest ones, without re-reading the history. The card's part is
// recomputed per character version (cached), so an edited card counts as it now reads.
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
/** How many of the newest messages a weak minor cue is remembered for. */
const RECENT_MESSAGES = 4;
const isRecent = (field: string) => field.startsWith('message') && Number(field.slice(7)) < RECENT_MESSAGES;
const cardScopes = new Map<string, ScopeState>();

export function conversationScope(
  moderation: Pick<ModerationService, 'scopeOf' | 'rememberScope'>,
  character: ScopeCharacter,
  conversation:
    { id?: string; memorySummary: string | null; pinnedFacts: string[]; moderationScope?: ScopeState | null } | null | undefined,
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
  // A weak cue ("she's a teen") counts only from the last few messages (a cue, a reply, an aside, a reply).
  const talk = moderation.scopeOf(fields, { surface: 'chat-user', nsfwContext: character.nsfw, recent: isRecent });
  const kept = conversation?.moderationScope ?? {};
  const fresh: ScopeState = {};
  if (talk.minor && !kept.minor) fresh.minor = talk.minor;
  if (talk.explicit && !kept.explicit) fresh.explicit = talk.explicit;
  if (conversation?.id && (fresh.minor || fresh.explicit)) moderation.rememberScope(conversation.id, fresh);
  const scope: ScopeState = { minor: card.minor ?? kept.minor ?? talk.minor, explicit: card.explicit ?? kept.explicit ?? talk.explicit };
  if (talk.recent) scope.recent = talk.recent;
  return scope;
}
