// What a reply's prompt takes of the journal (the chat pipeline's recall step asks): the pinned memories first, then
// the newest, each whole, until the token budget is spent (a quarter of recall's; chat/recall-step.ts), from the
// journal read with the pipeline's first read (journal-read.repo.ts). And the memories by id as they are now, for
// "Why this reply" (a memory forgotten since is left out).
import type { JournalMemoryUsed } from '@reverie/shared';
import type { JournalUnitOfWork } from './journal-access.ts';
import type { JournalEntry } from './journal-read.repo.ts';

/** Tokens a memory's line adds to its text ("- " and the line break). */
const LINE_TOKENS = 2;

/** What a prompt takes of the journal: pinned first, then the newest, each whole, within `tokenBudget`. */
export function fitJournal(
  entries: readonly JournalEntry[],
  tokenBudget: number,
  countTokens: (text: string) => number,
): JournalMemoryUsed[] {
  if (tokenBudget <= 0) return [];
  const out: JournalMemoryUsed[] = [];
  let spent = 0;
  for (const row of entries) {
    const tokens = countTokens(row.text) + LINE_TOKENS;
    if (spent + tokens > tokenBudget) {
      if (row.pinned) continue; // a shorter pinned one may still fit
      break;
    }
    spent += tokens;
    out.push({ id: row.id, text: row.text, pinned: row.pinned, tokens });
  }
  return out;
}

export class JournalPrompt {
  constructor(private readonly d: { uow: JournalUnitOfWork }) {}

  /** The user's memories by id, as they are now. */
  async byIds(userId: string, ids: string[]): Promise<{ id: string; text: string; pinned: boolean }[]> {
    return this.d.uow.repos.memory.memoriesByIds(userId, ids);
  }
}
