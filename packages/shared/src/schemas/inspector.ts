// "Why this reply": what went into a model reply's prompt (its structure, never its text), the numbers of the
// generation, and the full prompt text rebuilt on the owner's request.
import { z } from 'zod';
import { JournalMemoryUsed, RecalledPassage } from './memory.ts';
import { text } from './text.ts';

export const MAX_LORE_ENTRY_ID = 100;

/** One part of the prompt and its tokens; `name` is open-ended (instructions, description, persona, history…). */
export const PromptPart = z.object({ name: z.string(), tokens: z.number().int() });
export type PromptPart = z.infer<typeof PromptPart>;

/** A lorebook entry that went into the prompt and the key that triggered it (null: an always-on entry). */
export const InspectedLoreEntry = z.object({
  id: z.string(),
  name: z.string(),
  key: z.string().nullable(),
  tokens: z.number().int(),
  position: z.enum(['before_char', 'after_char', 'at_depth']),
});
export type InspectedLoreEntry = z.infer<typeof InspectedLoreEntry>;

export const ReplyInspection = z
  .object({
    kind: z.enum(['send', 'regenerate', 'continue', 'first']),
    provider: z.string(),
    model: z.string(),
    contextSize: z.number().int(),
    /** Tokens kept free for the reply. */
    replyBudget: z.number().int(),
    /** In the order they fill the prompt. */
    parts: z.array(PromptPart),
    lore: z.array(InspectedLoreEntry),
    /** Triggered but left out: the lorebook's token budget was spent. */
    loreSkipped: z.array(z.string()),
    facts: z.object({ count: z.number().int(), tokens: z.number().int() }),
    summary: z.object({ used: z.boolean(), tokens: z.number().int() }),
    history: z.object({ included: z.number().int(), leftOut: z.number().int() }),
    examples: z.object({ included: z.number().int(), leftOut: z.number().int() }),
    /** `in`: the model server's count when it sent one, else `prompt`, our count of the assembled prompt. */
    tokens: z.object({ in: z.number().int(), out: z.number().int(), prompt: z.number().int() }),
    /** From the request to the model until the first words; null when none came. */
    firstTokenMs: z.number().nullable(),
    totalMs: z.number(),
    tokensPerSecond: z.number().nullable(),
    /** What the reply used: a free message of the plan, coins, a free reply owed after a failure; `refunded` when given back. */
    charge: z.object({ kind: z.enum(['free', 'coins', 'owed', 'refunded', 'unknown']), coins: z.number().int() }),
    /** Passages recalled from earlier in the conversation (issue 41), best first, with their text as it is now. */
    recalled: z.array(RecalledPassage).default([]),
    /** The journal's memories that went in (pinned first, then the newest), with their text as it is now. */
    journal: z.array(JournalMemoryUsed).default([]),
    createdAt: z.string(),
  })
  .meta({ id: 'ReplyInspection' });
export type ReplyInspection = z.infer<typeof ReplyInspection>;

export const InspectionParams = z.object({ messageId: z.uuid({ message: 'must be a valid message id' }) });
export const InspectionQuery = z.object({
  /** Which alternative of the reply; the one shown by default. */
  swipe: z.coerce.number().int().min(0).max(99).optional(),
});

export const InspectionResponse = z
  .object({
    messageId: z.uuid(),
    conversationId: z.uuid(),
    swipeIndex: z.number().int(),
    /** Null for a reply from before the inspector (nothing was recorded). */
    inspection: ReplyInspection.nullable(),
    /** Lorebook entries turned off for this conversation (by id). */
    disabledLore: z.array(z.string()),
  })
  .meta({ id: 'InspectionResponse' });
export type InspectionResponse = z.infer<typeof InspectionResponse>;

export const RebuiltPrompt = z
  .object({
    messages: z.array(z.object({ role: z.enum(['system', 'user', 'assistant']), content: z.string() })),
    tokens: z.number().int(),
    /** What differs from when the reply was written (the rebuilt text uses today's data); empty when nothing did. */
    changes: z.array(z.string()),
  })
  .meta({ id: 'RebuiltPrompt' });
export type RebuiltPrompt = z.infer<typeof RebuiltPrompt>;

export const LoreToggleBody = z.object({
  entryId: text({ min: 1, max: MAX_LORE_ENTRY_ID, required: 'entryId is required', tooShort: 'entryId is required' }),
  enabled: z.boolean({ message: 'enabled must be true or false' }),
});
export type LoreToggleBody = z.infer<typeof LoreToggleBody>;

export const LoreToggles = z.object({ disabled: z.array(z.string()) });
export type LoreToggles = z.infer<typeof LoreToggles>;
