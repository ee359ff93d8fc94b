// The prompt of a group reply, for the character who speaks: that character's card with the group's scenario and the
// cast, every current member's lorebook (triggered by the shared history), the group's memory, and the shared history
// with every message labelled by its speaker's name. The speaker's own lines are its (assistant) turns; everyone
// else's (the user's and the other characters') are user-side turns, which `arrangeMessages` joins when they follow
// each other, so the strict user/assistant alternation holds however many characters talk.
import type { ChatCharacter, ChatMessageRow, HistoryMessage, LoreEntry, PromptCharacter, ReplyKind } from '../chat/index.ts';
import { loreOf, promptCharacter, promptHistory } from '../chat/index.ts';
import type { Actor } from '../../lib/access.ts';
import { characterPolicy } from '../characters/character-access.ts';

export interface GroupPromptInput {
  speaker: ChatCharacter;
  /** Current members (the speaker among them). */
  members: ChatCharacter[];
  /** Every character who ever spoke in the group, by id (former members included), for the labels. */
  names: ReadonlyMap<string, string>;
  scenario: string;
  /** The user's name now (the persona in force, else the username): the new message's label. */
  userName: string;
  /** The account's own name: the label of earlier lines written without a persona (as the chat shows them). */
  accountName?: string;
  /** The user's personas by id: an earlier line is labelled as the persona it was written as. */
  personaNames?: ReadonlyMap<string, string>;
}

/**
 * The members whose definition and lorebook go into the prompt: not deleted and still visible to the user. A member
 * its creator made private since has left the prompt (the group's page lists it as unavailable).
 */
export function promptMembers(members: ChatCharacter[], actor: Actor): ChatCharacter[] {
  return members.filter((c) => !c.deletedAt && characterPolicy.can(actor, c, 'read'));
}

/** The speaker's card as the prompt sees it. */
export function groupCard(i: GroupPromptInput): PromptCharacter {
  const card = promptCharacter(i.speaker);
  const others = i.members.filter((m) => m.id !== i.speaker.id).map((m) => m.name);
  const cast = `This is a group chat between {{user}}, {{char}}, ${others.join(', ')}. Write only {{char}}'s next reply, never the lines of ${others.join(', ')} or {{user}}.`;
  const lore: LoreEntry[] = i.members.flatMap((m) => loreOf(m.characterBook) ?? []);
  return {
    ...card,
    scenario: [i.scenario.trim() || card.scenario, cast].filter(Boolean).join('\n\n'),
    characterBook: lore.length ? lore : undefined,
  };
}

/**
 * The history the speaker sees, oldest first: the plan's number of messages (`newest` is newest first), without the
 * reply being regenerated, blocked or empty messages, each labelled with its speaker's name; a new message at the end.
 */
export function groupHistory(
  i: GroupPromptInput,
  newest: ChatMessageRow[],
  kind: ReplyKind,
  target: ChatMessageRow | undefined,
  content: string | undefined,
  historyMessages: number,
): HistoryMessage[] {
  const label = (m: Pick<ChatMessageRow, 'role' | 'speakerId' | 'personaId'>) =>
    m.role === 'user'
      ? m.personaId
        ? (i.personaNames?.get(m.personaId) ?? i.userName)
        : (i.accountName ?? i.userName)
      : ((m.speakerId && i.names.get(m.speakerId)) ?? 'Someone');
  // The one-to-one history, each line under its speaker's name: the speaker's own lines are its turns.
  const history = promptHistory(newest, kind, target, content, historyMessages, {
    message: (m) => ({
      role: m.role === 'assistant' && m.speakerId === i.speaker.id ? 'assistant' : 'user',
      content: `${label(m)}: ${m.content}`,
      id: m.id,
    }),
    newMessage: (text) => `${i.userName}: ${text}`,
  });
  // A new reply after the speaker's own line ("Let X speak" twice): a trailing assistant turn would make the server
  // continue that line instead of writing a new one, so a user-side cue closes it.
  if (kind !== 'continue' && history.at(-1)?.role === 'assistant')
    history.push({ role: 'user', content: `(${i.speaker.name} speaks again.)` });
  return history;
}

/** Names whose lines end the speaker's reply: the user's (already a stop) and the other members'. */
export function otherNames(i: GroupPromptInput): string[] {
  return i.members
    .filter((m) => m.id !== i.speaker.id)
    .map((m) => m.name.trim())
    .filter(Boolean);
}
