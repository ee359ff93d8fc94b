// The full text of a reply's prompt, rebuilt on the owner's request from its recorded structure (the history that went
// in, the lorebook entries that triggered, whether the summary was used, the context and reply budget) and today's
// data, with what changed since then in words.
import { AppError } from '../../../lib/app-error.ts';
import type { ChatCharacter } from '../chat-context.repo.ts';
import type { ChatDeps } from '../chat-deps.ts';
import type { ChatMessageRow, ConversationRow } from '../chat.repo.ts';
import { answersCrisis } from '../crisis-step.ts';
import { assemblePrompt, loreOptions, promptCharacter, PromptTooLongError } from '../prompt/index.ts';
import type { AssembledPrompt, HistoryMessage, PromptCharacter, PromptPersona } from '../prompt/types.ts';
import { passageText, recalledLine } from '../recall-step.ts';
import { factsHashOf, hashOf, sheetHashOf, type InspectionData } from './inspection.ts';
import { hiddenEntry, hiddenNote, redactCard, type DefinitionAccess } from './redact.ts';

export interface Rebuilt {
  prompt: AssembledPrompt;
  changes: string[];
}

/**
 * A prompt that is not the one-to-one shape: a group reply's card (the speaker's sheet with the scenario, the cast and
 * every member's lorebook) and its history labelled by speaker. The groups module makes it (`Inspector.shapeGroups`).
 */
export interface PromptShape {
  card: PromptCharacter;
  history: HistoryMessage[];
  /** Ids of lorebook entries of members whose lorebook the viewer may not read (named, not quoted). */
  hiddenLore?: ReadonlySet<string>;
}

export function rebuildPrompt(
  deps: Pick<ChatDeps, 'llm'>,
  d: InspectionData,
  at: Date,
  now: {
    character: ChatCharacter;
    conversation: ConversationRow;
    messages: ChatMessageRow[];
    userName: string;
    persona?: PromptPersona;
    /** A group reply's card and labelled history (the messages above, arranged); none: a one-to-one reply. */
    shape?: PromptShape;
    /** What of the (speaking) character's definition the viewer may read (redact.ts). */
    access: DefinitionAccess;
    /** The journal's memories that went in, as they are now (a forgotten one is missing): `Inspector.inspection`. */
    journal: { id: string; text: string }[];
    /** The recalled passages' messages, as they are now (a deleted one is missing): `Inspector.inspection`. */
    recalled: ChatMessageRow[];
  },
): Rebuilt {
  const changes: string[] = [];
  const current = promptCharacter(now.character);
  if (sheetHashOf(current) !== d.sheetHash) changes.push("The character's sheet was edited since this reply.");
  const card = now.shape?.card ?? current;

  // The entries that went in, as they are now (off for this conversation or not: this is what was sent).
  const book = new Map((card.characterBook ?? []).map((e) => [e.id, e]));
  const lore = d.lore.flatMap((l) => {
    const entry = book.get(l.id);
    if (!entry) {
      changes.push(`The lorebook entry "${l.name}" was removed from the character since; it is left out here.`);
      return [];
    }
    if (l.hash && hashOf(entry.content) !== l.hash) changes.push(`The lorebook entry "${l.name}" was edited since.`);
    if (now.conversation.disabledLore.includes(l.id)) changes.push(`The lorebook entry "${l.name}" is now off for this conversation.`);
    return [{ ...entry, enabled: true }];
  });
  const count = (t: string) => deps.llm.countTokens(t);
  const loreHidden = (id: string | undefined) => (now.shape ? !!now.shape.hiddenLore?.has(id ?? '') : now.access !== 'all');
  const shown = lore.map((e) => (loreHidden(e.id) ? hiddenEntry(e, count) : e));
  const sheetHidden = now.access === 'none' || !!(card.systemPrompt?.trim() || card.postHistoryInstructions?.trim());
  const note = sheetHidden || (!now.shape && shown.length) ? hiddenNote(now.access) : undefined;
  if (note) changes.push(note);
  else if (shown.some((e) => loreHidden(e.id)))
    changes.push("Lorebook entries of other creators' characters that their pages do not show are named here, not quoted.");

  if (factsHashOf(now.conversation.pinnedFacts) !== d.facts.hash) changes.push('The pinned facts were changed since this reply.');
  const summary = d.summary.used ? now.conversation.memorySummary : '';
  if (d.summary.used && hashOf(summary) !== d.summary.hash) changes.push('The summary was edited since this reply.');

  const history = rebuiltHistory(d, now, at, changes);
  const journal = journalLines(d, now.journal, changes);
  // Who said a passage, as the recall step names them (a group's replies: "A character").
  const names = { user: now.userName, character: now.shape ? 'A character' : now.character.name };
  const recalled = recalledLines(d, now.recalled, { names, at }, changes);
  if (d.kind === 'continue') changes.push('This reply continued an earlier one: the history ends with that reply as it reads now.');

  const { messageOrder } = deps.llm.info();
  try {
    const prompt = assemblePrompt({
      character: { ...redactCard({ ...card, characterBook: undefined }, now.access, count), characterBook: shown },
      userName: now.userName,
      persona: now.persona,
      memory: { summary: summary || undefined, pinnedFacts: now.conversation.pinnedFacts, journal, recalled },
      history: history.length ? history : [{ role: 'user', content: '*waves*' }],
      contextSize: d.contextSize,
      replyBudget: d.replyBudget,
      countTokens: count,
      options: { ...loreOptions(now.character), messageOrder, loreBudget: d.contextSize },
      crisisTurn: crisisTurnOf(d, now.messages),
    });
    return { prompt, changes };
  } catch (err) {
    if (!(err instanceof PromptTooLongError)) throw err;
    throw AppError.conflict(`The prompt no longer fits the model's context with today's data (${err.message}).`);
  }
}

/** The history as it reads now (a group's: as its shape arranged it); deleted or edited messages said so. */
function rebuiltHistory(
  d: InspectionData,
  now: { messages: ChatMessageRow[]; shape?: PromptShape },
  at: Date,
  changes: string[],
): HistoryMessage[] {
  const kept = now.messages.filter((m) => m.status !== 'blocked' && m.content.trim());
  // A group's history may end with a line the prompt adds (a cue), counted in `included` as it is here.
  const history: HistoryMessage[] = now.shape?.history ?? kept.map((m) => ({ role: m.role, content: m.content }));
  const edited = kept.filter((m) => m.editedAt && m.editedAt > at).length;
  if (d.history.firstId && history.length !== d.history.included) {
    changes.push('Messages of the history were deleted since this reply; the rebuilt history has only the ones left.');
  } else if (edited > 0) {
    changes.push(
      `${edited === 1 ? 'A message' : `${edited} messages`} of the history ${edited === 1 ? 'was' : 'were'} edited since this reply.`,
    );
  }
  return history;
}

/**
 * The recalled passages' lines as the live prompt had them (recalledLine over the recorded passages, in their order,
 * with their messages' text as recall cut it), read as they are now; a deleted or edited message is said so.
 */
function recalledLines(
  d: InspectionData,
  messages: ChatMessageRow[],
  o: { names: { user: string; character: string }; at: Date },
  changes: string[],
): string[] {
  const byId = new Map(messages.map((m) => [m.id, m]));
  const found = (d.recall ?? []).flatMap((p) => {
    const m = byId.get(p.messageId);
    return m ? [{ m, line: recalledLine({ role: m.role, content: passageText(m.content), createdAt: p.createdAt }, o.names) }] : [];
  });
  if (found.length < (d.recall ?? []).length)
    changes.push('Messages recalled into this prompt were deleted since; the rebuilt prompt leaves them out.');
  if (found.some(({ m }) => m.editedAt && m.editedAt > o.at)) changes.push('Messages recalled into this prompt were edited since.');
  return found.map((f) => f.line);
}

/**
 * Whether the reply stepped out of the role-play (the crisis protocol), by the pipeline's rule (crisis-step.ts): the
 * message it answers is a person's with a crisis card. That message ends the recorded history, except for a continued
 * reply, whose history ends with the reply itself. An edit checks the message again and may add or take away its
 * card: the history is then read as it is now, and the changes say the message was edited since the reply.
 */
function crisisTurnOf(d: InspectionData, messages: ChatMessageRow[]): boolean {
  if (!d.history.lastId || messages.at(-1)?.id !== d.history.lastId) return false;
  return answersCrisis([...messages].reverse(), d.kind === 'continue' ? { id: d.history.lastId } : undefined);
}

/**
 * The journal's lines as the live prompt had them (buildPrompt passes the same texts, in the order the recall step
 * chose: pinned, then newest), read as they are now; a memory forgotten since is left out and said so.
 */
function journalLines(d: InspectionData, memories: { id: string; text: string }[], changes: string[]): string[] {
  const byId = new Map(memories.map((m) => [m.id, m.text]));
  const used = d.journal ?? [];
  const lines = used.flatMap((m) => (byId.has(m.memoryId) ? [byId.get(m.memoryId)!] : []));
  const gone = used.length - lines.length;
  if (gone > 0) {
    const what = gone === 1 ? 'A memory of the journal was' : `${gone} memories of the journal were`;
    changes.push(`${what} forgotten since this reply; the rebuilt prompt leaves ${gone === 1 ? 'it' : 'them'} out.`);
  }
  return lines;
}
