// The journal's writer: every MEMORY_JOURNAL_EVERY saved replies of a conversation (the `memory-journal` queue,
// jobs.ts; queued after each saved reply), the chat model (the provider the summary uses, through the one
// `writeNote`) is asked for up to three new short facts from the latest messages, one a line; each is checked against
// the content policy and dropped when blocked, and saved with source 'model', linked to the messages it came from.
// It never charges anyone: the operator pays its tokens (docs/memory.md).
import { MAX_MEMORIES } from '@reverie/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { JobQueue, JobWorker } from '../../lib/jobs/index.ts';
import type { LlmProvider } from '../../providers/llm/llm-provider.ts';
import { writeNote } from '../../providers/llm/note.ts';
import type { ModerationService } from '../moderation/moderation.service.ts';
import type { JournalUnitOfWork } from './journal-access.ts';
import { readFacts } from './journal-facts.ts';
import type { JournalConversation, TranscriptRow } from './memory.repo.ts';

export interface JournalJob {
  conversationId: string;
}

/** New facts one run may write. */
export const FACTS_PER_RUN = 3;
/** The latest messages shown to the model: twice the interval, within these bounds. */
const SHOWN = { min: 8, max: 60 };
/** Characters of one message in the transcript, and of the transcript in all. */
const MESSAGE_CHARS = 600;
const TRANSCRIPT_CHARS = 12_000;
/** The journal's newest memories shown, so that the model skips them. */
const KNOWN_SHOWN = 60;

const INSTRUCTIONS = [
  'You keep a journal of memories for a roleplay conversation: short facts about the user, about the relationship between the user and the character, and about events that happened.',
  `From the numbered messages, write at most ${FACTS_PER_RUN} new facts worth remembering later that the journal does not hold yet.`,
  'Write each fact on its own line, to the user in the second person (for example: You adopted a cat named Miso in March.), in at most 200 characters,',
  'and end it with the numbers of the messages it comes from in brackets, like [2, 5]. Write nothing else. If nothing new is worth remembering, write nothing.',
].join(' ');

export class JournalWriter {
  private worker: JobWorker | undefined;

  constructor(
    private readonly d: {
      uow: JournalUnitOfWork;
      llm: Pick<LlmProvider, 'streamChat'>;
      moderation: Pick<ModerationService, 'check'>;
      queue: JobQueue<JournalJob, unknown>;
      settings: { journalEvery: number };
      log: Pick<FastifyBaseLogger, 'warn'>;
    },
  ) {}

  /**
   * After a reply is saved: the conversation goes on the queue (the job decides whether its turn has come). `at`, when
   * the caller knows them: the conversation's messages and the writer's mark as the reply read it. Fewer than
   * MEMORY_JOURNAL_EVERY messages past the mark means fewer replies too (replies are some of the messages): not due,
   * not queued. A mark above the messages (a branch's, or replies deleted) is queued for the writer to correct.
   */
  enqueue(conversationId: string, at?: { messages: number; mark: number }): void {
    const every = this.d.settings.journalEvery;
    if (every <= 0) return;
    if (at && at.messages >= at.mark && at.messages - at.mark < every) return;
    this.d.queue
      .add('write', { conversationId }, { attempts: 2, backoff: { type: 'exponential', delayMs: 5_000 } })
      .catch((err: unknown) => this.d.log.warn({ err, conversationId }, 'could not queue the journal writer'));
  }

  /**
   * Writes new facts when the conversation has MEMORY_JOURNAL_EVERY saved replies the writer has not read; the number
   * written. The mark moves first (two runs never read the same replies) and moves back when the model fails.
   */
  async write(conversationId: string, signal?: AbortSignal): Promise<number> {
    const every = this.d.settings.journalEvery;
    const { memory } = this.d.uow.repos;
    if (every <= 0) return 0;
    const conversation = await memory.journalProgress(conversationId);
    if (!conversation) return 0;
    const { replies } = conversation;
    // Fewer replies than the mark (replies deleted, or a branch that copied its parent's mark): count from here.
    if (replies < conversation.journalReplies) await memory.moveJournalMark(conversationId, conversation.journalReplies, replies);
    if (replies - conversation.journalReplies < every) return 0;
    if (!(await memory.moveJournalMark(conversationId, conversation.journalReplies, replies))) return 0;
    try {
      return await this.writeFacts(conversation, every, signal);
    } catch (err) {
      await memory.moveJournalMark(conversationId, replies, conversation.journalReplies).catch(() => {});
      throw err;
    }
  }

  private async writeFacts(conversation: JournalConversation, every: number, signal?: AbortSignal): Promise<number> {
    const { memory } = this.d.uow.repos;
    const known = await memory.memories(conversation.owner, MAX_MEMORIES);
    if (known.length >= MAX_MEMORIES) return 0;
    const shown = await memory.transcript(conversation.id, Math.min(SHOWN.max, Math.max(SHOWN.min, 2 * every)));
    if (shown.length === 0) return 0;
    const answer = await writeNote(this.d.llm, { instructions: INSTRUCTIONS, prompt: promptOf(shown, known), maxTokens: 200, signal });
    // Every new fact the answer holds, then the policy, then the first FACTS_PER_RUN of those that pass.
    const facts = readFacts(
      answer,
      shown,
      known.map((m) => m.text),
    )
      .filter((f) => this.d.moderation.check({ memory: f.text }, { surface: 'chat-reply', nsfwContext: conversation.nsfw }).allowed)
      .slice(0, FACTS_PER_RUN);
    const saved = await memory.addMemories(
      conversation.owner,
      facts.map((f) => ({ text: f.text, pinned: false, source: 'model' as const, messageIds: f.messageIds })),
      MAX_MEMORIES,
    );
    return saved.length;
  }

  /** Works the queue in this process. */
  start(): void {
    this.worker ??= this.d.queue.process((job) => this.write(job.data.conversationId, job.signal), { concurrency: 1 });
  }

  async stop(): Promise<void> {
    await this.worker?.close();
    this.worker = undefined;
  }
}

/** The journal so far and the numbered latest messages ("[3] Lena: …"; the user is "User"). */
function promptOf(shown: TranscriptRow[], known: { text: string }[]): string {
  const journal = known
    .slice(0, KNOWN_SHOWN)
    .map((m) => `- ${m.text}`)
    .join('\n');
  const lines = shown.map((m, i) => `[${i + 1}] ${m.speaker ?? 'User'}: ${cut(m.content.replace(/\s+/gu, ' '), MESSAGE_CHARS)}`);
  let transcript = lines.join('\n');
  while (transcript.length > TRANSCRIPT_CHARS && lines.length > 1) transcript = (lines.shift(), lines.join('\n'));
  return `${journal ? `Already in the journal:\n${journal}\n\n` : ''}Messages:\n${transcript}\n\nNew facts:`;
}

function cut(text: string, max: number): string {
  const t = text.trim();
  return t.length <= max ? t : `${t.slice(0, max - 1).trimEnd()}…`;
}
