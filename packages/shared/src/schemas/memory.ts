// Memory that recalls (issue 41): the per-conversation recall switch, and what the inspector shows of a recalled
// passage.
import { z } from 'zod';

export const RecallBody = z.object({ enabled: z.boolean({ message: 'enabled must be true or false' }) });
export type RecallBody = z.infer<typeof RecallBody>;

export const RecallState = z.object({ enabled: z.boolean() });
export type RecallState = z.infer<typeof RecallState>;

/** Why a passage came back: its words matched, its meaning was near, or both. */
export const RecallReason = z.enum(['words', 'meaning', 'both']);
export type RecallReason = z.infer<typeof RecallReason>;

/** A passage recalled into a reply's prompt, as the inspector ("Why this reply") lists it. */
export const RecalledPassage = z.object({
  messageId: z.string(),
  role: z.enum(['user', 'assistant']),
  content: z.string(),
  createdAt: z.string(),
  /** Reciprocal-rank fusion of the two rankings (higher is better). */
  score: z.number(),
  why: RecallReason,
  /** Cosine similarity to the latest messages, when meaning found it. */
  similarity: z.number().optional(),
  tokens: z.number().int(),
});
export type RecalledPassage = z.infer<typeof RecalledPassage>;
