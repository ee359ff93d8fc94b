// The recall step reads the journal and searches the passages at the same time (issue #41): the passages take what
// the journal leaves of the budget, applied once the journal is known, exactly as when they ran one after the other.
// The journal is asked for by whose it is (the caller and the character or group), before the conversation is known.
import type { JournalMemoryUsed, RecalledPassage } from '@reverie/shared';
import { describe, expect, it } from 'vitest';
import type { ChatDeps, JournalRequest, RecallPort, RecallRequest } from './chat-deps.ts';
import type { ChatMessageRow, ConversationRow } from './chat.repo.ts';
import { journalFor, recallFor, type RecallStepInput } from './recall-step.ts';

const llm = { info: () => ({ contextSize: 8192 }), countTokens: (t: string) => Math.ceil(t.length / 4) } as unknown as ChatDeps['llm'];
const settings = { recallTokens: 512, recallPassages: 6 } as ChatDeps['settings'];
const conversation = { id: 'c1', recallEnabled: true, messageCount: 500 } as ConversationRow;
const memory: JournalMemoryUsed = {
  id: '00000000-0000-4000-8000-000000000001',
  text: 'You adopted a cat named Miso.',
  pinned: true,
  tokens: 30,
};
const passage: RecalledPassage = {
  messageId: 'm1',
  role: 'user',
  content: 'Miso hid.',
  createdAt: '2026-03-02',
  score: 1,
  why: 'words',
  tokens: 12,
};

/** A recall port whose journal answers when the test says so, and that records what the search saw when. */
function port() {
  let answer!: (m: JournalMemoryUsed[]) => void;
  const events: string[] = [];
  const budgets: number[] = [];
  const journal = new Promise<JournalMemoryUsed[]>((r) => (answer = r));
  const asked: JournalRequest[] = [];
  const recall: Pick<RecallPort, 'journal' | 'recall'> = {
    journal: async (q) => {
      asked.push(q);
      const memories = await journal;
      events.push('journal read');
      return memories;
    },
    recall: async (q: RecallRequest) => {
      events.push('search started');
      budgets.push(await q.tokenBudget);
      return [passage];
    },
  };
  return { recall: recall as RecallPort, answer, events, budgets, asked };
}
const settle = () => new Promise((r) => setImmediate(r));
const of = { characterId: 'k1' };
/** The step as the pipeline runs it: the journal asked for first, the passages once the conversation is known. */
function step(p: ReturnType<typeof port>, input: Omit<RecallStepInput, 'journal'>) {
  const deps = { recall: p.recall, settings, llm };
  return recallFor(deps, { ...input, journal: journalFor(deps, { userId: 'u1', of }) });
}

describe('recallFor', () => {
  it('searches the passages while the journal is read, within what the journal leaves of the budget', async () => {
    const p = port();
    const recalling = step(p, { conversation, newest: [], content: 'Where is my cat?' });
    await settle();
    expect(p.events).toEqual(['search started']);
    p.answer([memory]);
    expect(await recalling).toEqual({ journal: [memory], passages: [passage] });
    expect(p.asked.map(({ userId, of, tokenBudget }) => ({ userId, of, tokenBudget }))).toEqual([{ userId: 'u1', of, tokenBudget: 128 }]);
    expect(p.events).toEqual(['search started', 'journal read']);
    // min(512, 8192 / 8) tokens in all; the journal spent 30 of them.
    expect(p.budgets).toEqual([512 - 30]);
  });

  it('reads the journal alone when recall is off, a reply is regenerated in the middle, or the window holds it all', async () => {
    const window = [{ role: 'user', status: 'complete', content: 'Where is my cat?' } as ChatMessageRow];
    for (const input of [
      { conversation: { ...conversation, recallEnabled: false }, newest: [], content: 'Where is my cat?' },
      { conversation: { ...conversation, messageCount: 1 }, newest: window, content: 'Where is my cat?' },
      {
        conversation,
        newest: [{ role: 'user', status: 'complete', content: 'Where is my cat?' } as ChatMessageRow],
        content: undefined,
        middle: true,
      },
    ]) {
      const p = port();
      p.answer([memory]);
      expect(await step(p, input)).toEqual({ journal: [memory], passages: [] });
      expect(p.events).toEqual(['journal read']);
    }
  });
});
