// The pipeline's recall step (modules/memory does the finding): before the prompt is built, passages from the rest of
// the conversation that the latest messages call for, never one already in the context window, within the smaller of
// MEMORY_RECALL_TOKENS and an eighth of the model's context. A slow or failing recall never holds a reply up for long:
// meaning has 300 ms (recall.service.ts), then words answer alone; after RECALL_WAIT_MS the reply goes without recall.
import type { RecalledPassage } from '@reverie/shared';
import type { ChatDeps } from './chat-deps.ts';
import type { ChatMessageRow, ConversationRow } from './chat.repo.ts';

const RECALL_WAIT_MS = 1_500;

export interface RecallStepInput {
  conversation: ConversationRow | undefined;
  /** The conversation's newest messages read for the reply (newest first): the context window, at most. */
  newest: ChatMessageRow[];
  /** The user's new message (send). */
  content: string | undefined;
}

export async function recallFor(deps: Pick<ChatDeps, 'recall' | 'settings' | 'llm'>, i: RecallStepInput): Promise<RecalledPassage[]> {
  const { recall, settings, llm } = deps;
  if (!recall || !i.conversation?.recallEnabled || settings.recallPassages <= 0) return [];
  // What the user said last calls for the recall: the new message, else (regenerate, continue) their latest one. The
  // character's own lines would mostly find more of the same.
  const text = i.content?.trim() || i.newest.find((m) => m.role === 'user' && m.status !== 'blocked')?.content.trim() || '';
  if (!text) return [];
  const budget = Math.min(settings.recallTokens, Math.floor(llm.info().contextSize / 8));
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<RecalledPassage[]>((resolve) => (timer = setTimeout(() => resolve([]), RECALL_WAIT_MS)));
  const found = recall
    .recall({
      conversationId: i.conversation.id,
      text,
      excluded: i.newest.map((m) => m.id),
      limit: settings.recallPassages,
      tokenBudget: budget,
      countTokens: (t) => llm.countTokens(t),
    })
    .catch(() => [] as RecalledPassage[]);
  try {
    return await Promise.race([found, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** A passage as the prompt carries it: its date and who said it. */
export function recalledLine(p: RecalledPassage, names: { user: string; character: string }): string {
  const who = p.role === 'user' ? names.user : names.character;
  return `(${p.createdAt.slice(0, 10)}) ${who}: ${p.content.replace(/\s+/g, ' ')}`;
}
