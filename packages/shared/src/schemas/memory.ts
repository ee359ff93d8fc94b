// Memory that recalls (issue 41): the per-conversation recall switch, what the inspector shows of a recalled
// passage, and the journal of memories (short facts the user reads and edits, written by them or by the model).
import { z } from 'zod';
import { text } from './text.ts';

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

/** A character's (or a group's) journal holds at most this many memories per user. */
export const MAX_MEMORIES = 200;
/** Characters of one memory. */
export const MAX_MEMORY_CHARS = 300;

const MemoryText = text({
  min: 1,
  max: MAX_MEMORY_CHARS,
  required: 'Write the memory',
  tooShort: 'A memory cannot be empty',
  tooLong: `A memory can be at most ${MAX_MEMORY_CHARS} characters`,
});

/** Who wrote a memory: the model (every few replies) or the user. */
export const MemorySource = z.enum(['model', 'user']);
export type MemorySource = z.infer<typeof MemorySource>;

/** One memory of the journal. */
export const JournalMemory = z
  .object({
    id: z.uuid(),
    text: z.string(),
    pinned: z.boolean(),
    source: MemorySource,
    /** The messages it came from (may be empty; a deleted message stays listed here). */
    messageIds: z.array(z.uuid()),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'JournalMemory' });
export type JournalMemory = z.infer<typeof JournalMemory>;

/** A conversation's journal: the memories of its character (or group), pinned first, then the newest. */
export const MemoryJournal = z.object({ items: z.array(JournalMemory), max: z.number().int() });
export type MemoryJournal = z.infer<typeof MemoryJournal>;

export const AddMemoryBody = z.object({ text: MemoryText, pinned: z.boolean().optional() });
export type AddMemoryBody = z.infer<typeof AddMemoryBody>;

/** A new text, a pin or unpin, or both. */
export const EditMemoryBody = z
  .object({ text: MemoryText.optional(), pinned: z.boolean({ message: 'pinned must be true or false' }).optional() })
  .refine((b) => b.text !== undefined || b.pinned !== undefined, 'Send a new text or pinned');
export type EditMemoryBody = z.infer<typeof EditMemoryBody>;

export const MemoryParams = z.object({
  id: z.uuid({ message: 'must be a valid id' }),
  memoryId: z.uuid({ message: 'must be a valid id' }),
});

/** A memory that went into a reply's prompt, as the inspector lists it. */
export const JournalMemoryUsed = z.object({ id: z.uuid(), text: z.string(), pinned: z.boolean(), tokens: z.number().int() });
export type JournalMemoryUsed = z.infer<typeof JournalMemoryUsed>;
