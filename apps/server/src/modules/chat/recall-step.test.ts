// The recall step (issue #41): the journal's memories come with the pipeline's first read and take at most a quarter
// of recall's budget, pinned first, each whole; the passages take what the journal leaves; passages are searched only
// for memories outside the context window, and never for a reply regenerated in the middle; a new message's search by
// words comes with the first read.
import type { JournalMemoryUsed, RecalledPassage } from '@reverie/shared';
import { describe, expect, it } from 'vitest';
import type { JournalEntry } from '../memory/journal-read.repo.ts';
import type { ChatDeps, RecallPort, RecallRequest } from './chat-deps.ts';
import type { ChatMessageRow, ConversationRow } from './chat.repo.ts';
import { journalFor, recallFor, recallQueryFor, type RecallStepInput } from './recall-step.ts';

/** A token per four characters. */
const llm = { info: () => ({ contextSize: 8192 }), countTokens: (t: string) => Math.ceil(t.length / 4) } as unknown as ChatDeps['llm'];
/** min(512, 8192 / 8) tokens in all: the journal gets a quarter, 128. */
const settings = { recallTokens: 512, recallPassages: 6 } as ChatDeps['settings'];
const conversation = { id: 'c1', recallEnabled: true, messageCount: 500 } as ConversationRow;
const entry = (n: number, chars: number, pinned = false): JournalEntry => ({ id: `m${n}`, text: 'x'.repeat(chars), pinned });
const passage: RecalledPassage = {
  messageId: 'p1',
  role: 'user',
  content: 'Miso hid.',
  createdAt: '2026-03-02',
  score: 1,
  why: 'words',
  tokens: 12,
};

/** A recall port that records what each search asked. */
function port() {
  const asked: RecallRequest[] = [];
  const recall = {
    recall: async (q: RecallRequest) => {
      asked.push(q);
      return [passage];
    },
  };
  return { deps: { recall: recall as unknown as RecallPort, settings, llm }, asked };
}

describe('journalFor', () => {
  it('takes the memories in the order read, each whole with its line, within a quarter of the budget', () => {
    const { deps } = port();
    // 40 characters: 10 tokens and 2 for the line each; 10 of them fit in 128, the 11th does not.
    const entries = Array.from({ length: 12 }, (_, i) => entry(i, 40));
    const used = journalFor(deps, entries);
    expect(used.map((m) => m.id)).toEqual(entries.slice(0, 10).map((e) => e.id));
    expect(used.every((m) => m.tokens === 12)).toBe(true);
  });

  it('skips a pinned memory too long for what is left, and a shorter pinned one after it still fits', () => {
    const { deps } = port();
    const used = journalFor(deps, [entry(1, 400, true), entry(2, 600, true), entry(3, 40, true), entry(4, 200)]);
    // 102 tokens, then 152 (skipped: 254 > 128), then 12 (114), then 52 (166 > 128: the newest stop there).
    expect(used.map((m) => m.id)).toEqual(['m1', 'm3']);
  });

  it('gives nothing when recall is off', () => {
    expect(journalFor({ recall: undefined, settings, llm }, [entry(1, 40)])).toEqual([]);
  });
});

describe('recallFor', () => {
  const step = (p: ReturnType<typeof port>, input: Omit<RecallStepInput, 'journal'>, journal: JournalMemoryUsed[]) =>
    recallFor(p.deps, { ...input, journal });
  const used: JournalMemoryUsed = { id: 'm1', text: 'You adopted a cat named Miso.', pinned: true, tokens: 30 };

  it('searches the passages within what the journal leaves of the budget, outside the context window', async () => {
    const p = port();
    const newest = [{ id: 'n1', role: 'user', status: 'complete', content: 'Hello' } as ChatMessageRow];
    expect(await step(p, { conversation, newest, content: 'Where is my cat?' }, [used])).toEqual({ journal: [used], passages: [passage] });
    expect(p.asked).toHaveLength(1);
    expect(p.asked[0]).toMatchObject({ conversationId: 'c1', text: 'Where is my cat?', excluded: ['n1'], limit: 6, tokenBudget: 512 - 30 });
  });

  it('searches nothing when recall is off for the chat, a reply is regenerated in the middle, or the window holds it all', async () => {
    const window = [{ role: 'user', status: 'complete', content: 'Where is my cat?' } as ChatMessageRow];
    for (const input of [
      { conversation: { ...conversation, recallEnabled: false }, newest: [], content: 'Where is my cat?' },
      { conversation: { ...conversation, messageCount: 1 }, newest: window, content: 'Where is my cat?' },
      { conversation, newest: window, content: undefined, middle: true },
    ]) {
      const p = port();
      expect(await step(p, input, [used])).toEqual({ journal: [used], passages: [] });
      expect(p.asked).toEqual([]);
    }
  });

  it('asks with the latest words of the user when regenerating or continuing', async () => {
    const p = port();
    const newest = [
      { id: 'a', role: 'assistant', status: 'complete', content: 'The rain again.' },
      { id: 'b', role: 'user', status: 'blocked', content: 'hidden' },
      { id: 'c', role: 'user', status: 'complete', content: '  Tell me about the lighthouse. ' },
    ] as ChatMessageRow[];
    await step(p, { conversation, newest, content: undefined }, []);
    expect(p.asked[0]?.text).toBe('Tell me about the lighthouse.');
    expect(p.asked[0]?.tokenBudget).toBe(512);
  });

  it("hands on the first read's search by words for the new message, and only for it", async () => {
    const hits = [{ id: 'h1', role: 'user' as const, content: 'Miso hid.', createdAt: '2026-03-02', seq: 4, rank: 0.1 }];
    const newest = [{ id: 'n1', role: 'user', status: 'complete', content: 'Hello' } as ChatMessageRow];
    const sent = port();
    await step(sent, { conversation, newest, content: ' Where is my cat? ', wordHits: hits }, []);
    expect(sent.asked[0]?.wordHits).toBe(hits);
    // A continue searches the user's latest words: the first read searched none of them.
    const continued = port();
    await step(continued, { conversation, newest, content: undefined, wordHits: hits }, []);
    expect(continued.asked[0]).toMatchObject({ text: 'Hello', wordHits: undefined });
  });
});

describe('recallQueryFor', () => {
  it('asks the first read to search a new message only, when recall is on', () => {
    const { deps } = port();
    expect(recallQueryFor(deps, 'send', 'Where is Miso, my cat? Is my CAT home?')).toBe('where | miso | cat | home');
    expect(recallQueryFor(deps, 'send', 'ok')).toBeNull();
    expect(recallQueryFor(deps, 'regenerate', 'Where is Miso?')).toBeNull();
    expect(recallQueryFor({ ...deps, recall: undefined }, 'send', 'Where is Miso?')).toBeNull();
    expect(recallQueryFor({ ...deps, settings: { ...settings, recallPassages: 0 } }, 'send', 'Where is Miso?')).toBeNull();
  });
});
