// What the inspector records for one reply: the prompt's structure (part names and tokens, the lorebook entries
// with the key that triggered each, which history went in), hashes that later tell an edit apart, and the
// generation's numbers. Never the prompt's text: the owner can have it rebuilt (rebuild.ts). Pure.
import { createHash } from 'node:crypto';
import type { JournalMemoryUsed, RecalledPassage } from '@reverie/shared';
import type { LlmFinish } from '../../../providers/llm/llm-provider.ts';
import type { ChatCharacter } from '../chat-context.repo.ts';
import type { ConversationRow } from '../chat.repo.ts';
import type { ModelPrompt } from '../model-request.ts';
import { promptCharacter } from '../prompt/from-character.ts';
import type { HistoryMessage, LorePosition, PromptBreakdown, PromptCharacter } from '../prompt/types.ts';
import type { ReplyKind } from '../save-reply.ts';

/** The row's `data` (jsonb); `charge` is filled from billing by the statement that saves it. */
export interface InspectionData {
  v: 1;
  kind: ReplyKind;
  provider: string;
  model: string;
  contextSize: number;
  replyBudget: number;
  parts: Array<{ name: string; tokens: number }>;
  lore: Array<{ id: string; name: string; key: string | null; tokens: number; position: LorePosition; hash: string | null }>;
  loreSkipped: string[];
  facts: { count: number; tokens: number; hash: string };
  summary: { used: boolean; tokens: number; hash: string | null };
  /** `firstId`/`lastId`: the first and last stored message of the history that went in (null: none stored). */
  history: { included: number; leftOut: number; firstId: string | null; lastId: string | null };
  examples: { included: number; leftOut: number };
  sheetHash: string;
  tokens: { in: number; out: number; prompt: number };
  firstTokenMs: number | null;
  totalMs: number;
  tokensPerSecond: number | null;
  /** The reply was free because a failure had left its message without one. */
  owed: boolean;
  charge?: { outcome: string; coins: number } | null;
  /** Passages recall brought into the prompt (modules/memory): which messages, when, how they scored and why. */
  recall?: Array<Omit<RecalledPassage, 'content' | 'role'>>;
  /** The journal's memories that went in (modules/memory): ids and numbers only (the text is read when shown). */
  journal?: Array<{ memoryId: string; pinned: boolean; tokens: number }>;
}

/** What a reply's prompt was built from (handed from `Generation.prepare` to `inspectionSource`). */
export interface PromptSource {
  prompt: ModelPrompt;
  /** As the prompt saw it, oldest first (stored messages carry their id). */
  history: HistoryMessage[];
  /** The message sent with this reply (send only). */
  userMessageId: string | null;
  /** Passages recalled into the prompt. */
  recalled?: RecalledPassage[];
  /** The journal's memories that went into the prompt. */
  journal?: JournalMemoryUsed[];
}

/**
 * What the inspector keeps of a reply's prompt while the reply streams: the breakdown (counts, no text) and ids. The
 * prompt's text, its history and what a refit would rebuild it from are not kept for the length of a reply.
 */
export interface InspectionSource {
  breakdown: PromptBreakdown;
  /** The first and last stored message of the history that went in (null: none stored). */
  historyIds: { first: string | null; last: string | null };
  recall: NonNullable<InspectionData['recall']>;
  journal: NonNullable<InspectionData['journal']>;
}

/** Takes from a prepared prompt what its inspection records, when the reply is prepared. Pure. */
export function inspectionSource(kind: ReplyKind, s: PromptSource): InspectionSource {
  const breakdown = s.prompt.prompt.breakdown;
  const included = s.history.slice(s.history.length - breakdown.history.included);
  // Stored messages only. Without an id: the message being sent (saved as `userMessageId`), or a line the prompt adds
  // (a group's "(X speaks again.)" cue, the opener of an empty history), which is no message.
  let first: string | null = null;
  let last: string | null = null;
  for (const m of included) {
    const id = m.id ?? (kind === 'send' ? s.userMessageId : null);
    if (!id) continue;
    first ??= id;
    last = id;
  }
  return {
    breakdown,
    historyIds: { first, last },
    recall: (s.recalled ?? []).map(({ content: _text, role: _role, ...rest }) => rest),
    journal: (s.journal ?? []).map((m) => ({ memoryId: m.id, pinned: m.pinned, tokens: m.tokens })),
  };
}

/** The generation as the writer measured it. */
export interface GenerationNumbers {
  tokensOut: number;
  totalMs: number;
  /** From the request to the model until the first words (null: none came). */
  firstTokenMs: number | null;
  finish: LlmFinish | undefined;
}

export const hashOf = (...parts: Array<string | undefined | null>): string =>
  createHash('sha256')
    .update(parts.map((p) => p ?? '').join('\u0000'))
    .digest('base64url')
    .slice(0, 16);

/** The sheet as the prompt uses it (any change to these shows as "the character changed"). */
export function sheetHashOf(c: PromptCharacter): string {
  return hashOf(c.name, c.description, c.personality, c.scenario, c.exampleDialogue, c.systemPrompt, c.postHistoryInstructions);
}

export const factsHashOf = (facts: readonly string[]): string => hashOf(...facts);

/**
 * The prompt's parts in order, taken generically from the breakdown's token counts: the sheet split into its parts,
 * memory into pinned facts and summary; any other part a later change adds (a persona…) shows under its own name.
 */
export function partsOf(b: PromptBreakdown): InspectionData['parts'] {
  const parts: InspectionData['parts'] = [];
  for (const [name, tokens] of Object.entries(b.tokens)) {
    if (name === 'total') continue;
    if (name === 'character') for (const [n, t] of Object.entries(b.sheet)) parts.push({ name: n, tokens: t });
    else if (name === 'memory')
      parts.push(
        { name: 'pinnedFacts', tokens: b.memory.pinnedTokens },
        ...(b.memory.journalTokens ? [{ name: 'journal', tokens: b.memory.journalTokens }] : []),
        ...(b.memory.recalledTokens ? [{ name: 'recalled', tokens: b.memory.recalledTokens }] : []),
        { name: 'summary', tokens: b.memory.summaryTokens },
      );
    else parts.push({ name, tokens });
  }
  return parts.filter((p) => p.tokens > 0 || p.name === 'history');
}

export function inspectionData(
  r: { kind: ReplyKind; free: boolean; character: ChatCharacter; conversation: Pick<ConversationRow, 'memorySummary' | 'pinnedFacts'> },
  source: InspectionSource,
  info: { provider: string; model: string },
  n: GenerationNumbers,
): InspectionData {
  const b = source.breakdown;
  const character = promptCharacter(r.character);
  const book = new Map((character.characterBook ?? []).map((e) => [e.id, e]));
  const promptTokens = n.finish?.usage.promptTokens;
  const genMs =
    n.finish && n.finish.firstTokenMs !== null ? n.finish.durationMs - n.finish.firstTokenMs : n.totalMs - (n.firstTokenMs ?? 0);
  return {
    v: 1,
    kind: r.kind,
    provider: info.provider,
    model: info.model,
    contextSize: b.contextSize,
    replyBudget: b.replyBudget,
    parts: partsOf(b),
    lore: b.lore.entries.map((e) => ({
      id: e.id,
      name: e.label,
      key: e.key,
      tokens: e.tokens,
      position: e.position,
      hash: book.has(e.id) ? hashOf(book.get(e.id)!.content) : null,
    })),
    loreSkipped: b.lore.skippedForBudget,
    facts: { count: b.memory.pinnedFacts, tokens: b.memory.pinnedTokens, hash: factsHashOf(r.conversation.pinnedFacts) },
    summary: { used: b.summaryUsed, tokens: b.memory.summaryTokens, hash: b.summaryUsed ? hashOf(r.conversation.memorySummary) : null },
    history: { included: b.history.included, leftOut: b.history.dropped, firstId: source.historyIds.first, lastId: source.historyIds.last },
    examples: { included: b.examples.included, leftOut: b.examples.dropped },
    sheetHash: sheetHashOf(character),
    recall: source.recall,
    journal: source.journal,
    tokens: { in: promptTokens && promptTokens > 0 ? promptTokens : b.tokens.total, out: n.tokensOut, prompt: b.tokens.total },
    firstTokenMs: n.firstTokenMs === null ? null : Math.round(n.firstTokenMs),
    totalMs: Math.round(n.totalMs),
    tokensPerSecond: n.tokensOut > 0 && genMs > 0 ? Math.round((n.tokensOut / genMs) * 10_000) / 10 : null,
    owed: r.free,
  };
}
