// What a reply's prompt takes of the journal (the chat pipeline's recall step asks): the pinned memories first, then
// the newest, each whole, until the token budget is spent (a quarter of recall's; chat/recall-step.ts). And the
// memories by id as they are now, for "Why this reply" (a memory forgotten since is left out).
import type { JournalMemoryUsed } from '@reverie/shared';
import { MAX_MEMORIES } from '@reverie/shared';
import type { JournalUnitOfWork } from './journal-access.ts';
import type { JournalOwner } from './memory.repo.ts';

export interface JournalPromptQuery {
  /** A one-to-one chat reads its character's journal, a group chat its group's. */
  owner: JournalOwner;
  tokenBudget: number;
  countTokens: (text: string) => number;
}

/** Tokens a memory's line adds to its text ("- " and the line break). */
const LINE_TOKENS = 2;

export class JournalPrompt {
  constructor(private readonly d: { uow: JournalUnitOfWork }) {}

  async forPrompt(q: JournalPromptQuery): Promise<JournalMemoryUsed[]> {
    if (q.tokenBudget <= 0) return [];
    const { memory } = this.d.uow.repos;
    // Pinned first, then the newest (the repository's order).
    const rows = await memory.memories(q.owner, MAX_MEMORIES);
    const out: JournalMemoryUsed[] = [];
    let spent = 0;
    for (const row of rows) {
      const tokens = q.countTokens(row.text) + LINE_TOKENS;
      if (spent + tokens > q.tokenBudget) {
        if (row.pinned) continue; // a shorter pinned one may still fit
        break;
      }
      spent += tokens;
      out.push({ id: row.id, text: row.text, pinned: row.pinned, tokens });
    }
    return out;
  }

  /** The user's memories by id, as they are now. */
  async byIds(userId: string, ids: string[]): Promise<{ id: string; text: string; pinned: boolean }[]> {
    return this.d.uow.repos.memory.memoriesByIds(userId, ids);
  }
}
