// The pipeline's recall step (modules/memory does the finding): before the prompt is built, the journal's memories
// first (the pinned ones, then the newest, within a quarter of the recall budget; read with the pipeline's first read:
// memory/journal-read.repo.ts), then passages from the rest of the conversation that the latest messages call for, never
// one already in the context window, within what is left of the smaller of MEMORY_RECALL_TOKENS and an eighth of the
// model's context. A new message's search by words is made with the pipeline's first read (recallQueryFor: a column
// of that statement, memory/recall-read.repo.ts), so recall runs beside the reads rather than after them; meaning, and
// the words of a regenerate, a continue or a window longer than that read, are searched here. A slow or failing
// recall never holds a reply up for long: meaning has 300 ms (recall.service.ts), then words answer alone; after
// RECALL_WAIT_MS the reply goes without what has not come.
import type { JournalMemoryUsed, RecalledPassage } from '@reverie/shared';
import { fitJournal } from '../memory/journal-prompt.ts';
import type { JournalEntry } from '../memory/journal-read.repo.ts';
import type { WordHitRow } from '../memory/memory.rows.ts';
import { recallQueryOf } from '../memory/recall-read.repo.ts';
import type { ChatDeps } from './chat-deps.ts';
import type { ChatMessageRow, ConversationRow } from './chat.repo.ts';
import type { ReplyKind } from './pipeline.types.ts';

const RECALL_WAIT_MS = 1_500;

export interface RecallStepInput {
  conversation: ConversationRow | undefined;
  /** The conversation's newest messages read for the reply (newest first): the context window, at most. */
  newest: ChatMessageRow[];
  /** The user's new message (send). */
  content: string | undefined;
  /** A reply regenerated in the middle: no passages (recall could bring the later messages back); the journal stays. */
  middle?: boolean;
  /** The journal's memories for the prompt (journalFor). */
  journal: JournalMemoryUsed[];
  /** The search by words the first read made for `content` outside `newest` (recallQueryFor), when it did. */
  wordHits?: WordHitRow[];
}

export interface Recalled {
  passages: RecalledPassage[];
  journal: JournalMemoryUsed[];
}

type RecallDeps = Pick<ChatDeps, 'recall' | 'settings' | 'llm'>;

/**
 * The tsquery the first read searches beside its reads (null: none): a new message's words, when recall is on. The
 * conversation's own switch is read by that same statement, so a conversation with recall off pays a search it drops.
 */
export function recallQueryFor(deps: RecallDeps, kind: ReplyKind, content: string | undefined): string | null {
  return kind === 'send' && deps.recall && deps.settings.recallPassages > 0 ? recallQueryOf(content) : null;
}

/** Recall's token budget: the smaller of MEMORY_RECALL_TOKENS and an eighth of the model's context. */
const budgetOf = ({ settings, llm }: RecallDeps) => Math.min(settings.recallTokens, Math.floor(llm.info().contextSize / 8));

/**
 * The journal's memories for a reply's prompt, within a quarter of recall's budget, from the caller's journal of the
 * character or group read with the pipeline's first read. Nothing when recall is off.
 */
export function journalFor(deps: RecallDeps, entries: readonly JournalEntry[]): JournalMemoryUsed[] {
  if (!deps.recall) return [];
  return fitJournal(entries, Math.floor(budgetOf(deps) / 4), (t) => deps.llm.countTokens(t));
}

export async function recallFor(deps: RecallDeps, i: RecallStepInput): Promise<Recalled> {
  const { recall, settings, llm } = deps;
  if (!recall || !i.conversation) return { passages: [], journal: [] };
  const budget = budgetOf(deps);
  const countTokens = (t: string) => llm.countTokens(t);
  const conversationId = i.conversation.id;
  const { journal } = i;
  // Passages come from outside the context window: none to search for while it holds the whole conversation.
  const windowHoldsAll = i.conversation.messageCount <= i.newest.length;
  const text = i.middle || windowHoldsAll || !i.conversation.recallEnabled || settings.recallPassages <= 0 ? '' : recallText(i);
  // The passages take what the journal leaves of the budget.
  const left = budget - journal.reduce((n, m) => n + m.tokens, 0);
  const passages = text
    ? await within(
        recall.recall({
          conversationId,
          text,
          excluded: i.newest.map((m) => m.id),
          limit: settings.recallPassages,
          tokenBudget: left,
          countTokens,
          // The first read's search holds for this text and this window only.
          wordHits: text === i.content?.trim() ? i.wordHits : undefined,
        }),
        [],
      )
    : [];
  return { passages, journal };
}

/**
 * What the user said last calls for the recall: the new message, else (regenerate, continue) their latest one. The
 * character's own lines would mostly find more of the same.
 */
function recallText(i: RecallStepInput): string {
  return i.content?.trim() || i.newest.find((m) => m.role === 'user' && m.status !== 'blocked')?.content.trim() || '';
}

/** The work's answer, or `fallback` when it fails or takes longer than RECALL_WAIT_MS. */
async function within<T>(work: Promise<T>, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<T>((resolve) => (timer = setTimeout(() => resolve(fallback), RECALL_WAIT_MS)));
  try {
    return await Promise.race([work.catch(() => fallback), late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Characters a recalled passage keeps of its message. */
export const PASSAGE_CHARS = 600;

/** A message's text as a recalled passage carries it (recall in modules/memory, the prompt, "Why this reply"). */
export function passageText(text: string, max = PASSAGE_CHARS): string {
  const t = text.trim();
  return t.length <= max ? t : `${t.slice(0, max - 1).trimEnd()}…`;
}

/** A passage as the prompt carries it: its date and who said it. */
export function recalledLine(
  p: Pick<RecalledPassage, 'role' | 'content' | 'createdAt'>,
  names: { user: string; character: string },
): string {
  const who = p.role === 'user' ? names.user : names.character;
  return `(${p.createdAt.slice(0, 10)}) ${who}: ${p.content.replace(/\s+/g, ' ')}`;
}
