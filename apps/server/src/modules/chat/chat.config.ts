// The chat's settings (CHAT_*, MEMORY_*; docs/configuration.md), merged into config.ts: how replies are sampled,
// streamed and saved, what a prompt may recall, and the limits a user meets.
import { z } from 'zod';
import { envFlag } from '../../lib/env-flag.ts';

export const ChatEnvSchema = z.object({
  /** Cap on a chat reply's length in tokens (each plan has its own length under it). */
  CHAT_MAX_TOKENS: z.coerce.number().int().min(16).max(8192).default(1500),
  CHAT_TEMPERATURE: z.coerce.number().min(0).max(2).default(0.85),
  CHAT_TOP_P: z.coerce.number().gt(0).max(1).default(0.95),
  /** A summary of the conversation is written into its memory every this many messages. */
  CHAT_MEMORY_EVERY: z.coerce.number().int().min(2).max(1000).default(12),
  /** Recall (modules/memory): passages from earlier in the conversation a reply's prompt may carry, and their tokens. */
  MEMORY_RECALL_PASSAGES: z.coerce.number().int().min(0).max(50).default(6),
  MEMORY_RECALL_TOKENS: z.coerce.number().int().min(0).max(32_768).default(512),
  /** The journal of memories (modules/memory): the model writes up to 3 new facts every this many replies (0: never). */
  MEMORY_JOURNAL_EVERY: z.coerce.number().int().min(0).max(1000).default(20),
  /** Replies one user may have generating at once, at least (plans may allow more); across processes with REDIS_URL. */
  CHAT_IN_FLIGHT_PER_USER: z.coerce.number().int().min(1).max(20).default(2),
  /** Least time between two batches of a streamed reply after its first words (which go out at once). */
  CHAT_STREAM_INTERVAL_MS: z.coerce.number().int().min(0).max(1000).default(50),
  /** Batches a second this process aims to send across all streamed replies; more streams stretch the interval. */
  CHAT_STREAM_BATCHES_PER_SECOND: z.coerce.number().int().min(100).max(1_000_000).default(1000),
  /**
   * How often a reply being written saves the words streamed so far; a reply not saved for three times this long
   * belongs to a process that died, and is recovered (saved as incomplete, or refunded when it had no words).
   */
  CHAT_PROGRESS_MS: z.coerce.number().int().min(100).max(60_000).default(3000),
  /**
   * Messages one user's branches may hold in all (a fork copies the history up to its fork point): a fork that would
   * pass it is refused with 409 until a branch is deleted. 0: no branches at all.
   */
  CHAT_BRANCH_MESSAGES_PER_USER: z.coerce.number().int().min(0).max(10_000_000).default(20_000),
  /**
   * Characters that write first (docs/notifications.md): users may allow it per conversation. false: the setting is
   * not offered and nothing is written (each plan's `firstMessagesPerDay` limits it per tier).
   */
  CHAT_FIRST_MESSAGES: envFlag(true),
  /** How often the server looks for conversations whose pause has run out, in seconds (the `first-messages` schedule). */
  CHAT_FIRST_MESSAGES_EVERY_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
});

export interface ChatConfig {
  maxTokens: number;
  temperature: number;
  topP: number;
  memoryEvery: number;
  /** Recall: passages a prompt may carry (MEMORY_RECALL_PASSAGES) and their tokens (MEMORY_RECALL_TOKENS). */
  recallPassages: number;
  recallTokens: number;
  /** The journal's writer runs every this many saved replies of a conversation (MEMORY_JOURNAL_EVERY; 0: off). */
  journalEvery: number;
  inFlightPerUser: number;
  /** Least time between two batches of a streamed reply after the first. */
  streamIntervalMs: number;
  /** How often a reply being written saves its words (CHAT_PROGRESS_MS); three times this without a save = dead. */
  progressMs: number;
  /** Batches a second the process aims at across every streamed reply (more streams stretch the interval). */
  streamBatchesPerSecond: number;
  /** Messages one user's branches may hold in all (CHAT_BRANCH_MESSAGES_PER_USER). */
  branchMessagesPerUser: number;
  /** Characters may write first where users allow it (CHAT_FIRST_MESSAGES). */
  firstMessages: boolean;
  /** Between two looks for conversations whose pause has run out (CHAT_FIRST_MESSAGES_EVERY_SECONDS). */
  firstMessagesEveryMs: number;
}

export function chatConfigFromEnv(e: z.infer<typeof ChatEnvSchema>): ChatConfig {
  return {
    maxTokens: e.CHAT_MAX_TOKENS,
    temperature: e.CHAT_TEMPERATURE,
    topP: e.CHAT_TOP_P,
    memoryEvery: e.CHAT_MEMORY_EVERY,
    recallPassages: e.MEMORY_RECALL_PASSAGES,
    recallTokens: e.MEMORY_RECALL_TOKENS,
    journalEvery: e.MEMORY_JOURNAL_EVERY,
    inFlightPerUser: e.CHAT_IN_FLIGHT_PER_USER,
    streamIntervalMs: e.CHAT_STREAM_INTERVAL_MS,
    streamBatchesPerSecond: e.CHAT_STREAM_BATCHES_PER_SECOND,
    progressMs: e.CHAT_PROGRESS_MS,
    branchMessagesPerUser: e.CHAT_BRANCH_MESSAGES_PER_USER,
    firstMessages: e.CHAT_FIRST_MESSAGES,
    firstMessagesEveryMs: e.CHAT_FIRST_MESSAGES_EVERY_SECONDS * 1000,
  };
}
