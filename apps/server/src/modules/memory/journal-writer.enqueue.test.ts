// Which saved replies queue the journal's writer: every one when the caller knows no counts, none that cannot be due
// (fewer than MEMORY_JOURNAL_EVERY messages past the writer's mark), and one whose mark is above its messages (the
// writer corrects it).
import { describe, expect, it } from 'vitest';
import type { JobQueue } from '../../lib/jobs/index.ts';
import { JournalWriter, type JournalJob } from './journal-writer.service.ts';

function queuedFor(at: { messages: number; mark: number } | undefined, journalEvery = 20): string[] {
  const added: string[] = [];
  const queue = { add: async (_name: string, data: JournalJob) => void added.push(data.conversationId) } as unknown as JobQueue<
    JournalJob,
    unknown
  >;
  const writer = new JournalWriter({
    ...{ uow: {} as never, llm: {} as never, moderation: {} as never, queue },
    settings: { journalEvery },
    log: { warn: () => {} },
  });
  writer.enqueue('c1', at);
  return added;
}

describe('JournalWriter.enqueue', () => {
  it('queues every reply when the counts are not known, none when the journal is off', () => {
    expect(queuedFor(undefined)).toEqual(['c1']);
    expect(queuedFor(undefined, 0)).toEqual([]);
  });

  it('leaves out a reply that cannot make the journal due, and queues one that may', () => {
    expect(queuedFor({ messages: 19, mark: 0 })).toEqual([]);
    expect(queuedFor({ messages: 39, mark: 20 })).toEqual([]);
    expect(queuedFor({ messages: 20, mark: 0 })).toEqual(['c1']);
    expect(queuedFor({ messages: 61, mark: 20 })).toEqual(['c1']);
  });

  it('queues a conversation whose mark is above its messages (a branch, replies deleted) for the writer to correct', () => {
    expect(queuedFor({ messages: 5, mark: 30 })).toEqual(['c1']);
  });
});
