import type { InspectionResponse, RebuiltPrompt, ReplyInspection } from '@reverie/shared';
import type { ChatMessageRow } from '../chat.repo.ts';
import { passageText } from '../recall-step.ts';
import type { InspectionData } from './inspection.ts';
import type { ReplyInspected } from './inspector.service.ts';
import type { Rebuilt } from './rebuild.ts';

function chargeOf(d: InspectionData): ReplyInspection['charge'] {
  if (d.owed) return { kind: 'owed', coins: 0 };
  const c = d.charge;
  if (c?.outcome === 'free') return { kind: 'free', coins: 0 };
  if (c?.outcome === 'coins') return { kind: 'coins', coins: c.coins };
  if (c?.outcome === 'released') return { kind: 'refunded', coins: 0 };
  return { kind: 'unknown', coins: 0 };
}

/** Each recalled passage with its message's text as it is now (one deleted since is left out). */
function recalledOf(d: InspectionData, messages: readonly ChatMessageRow[]): ReplyInspection['recalled'] {
  const byId = new Map(messages.map((m) => [m.id, m]));
  return (d.recall ?? []).flatMap((p) => {
    const m = byId.get(p.messageId);
    return m ? [{ ...p, role: m.role, content: passageText(m.content) }] : [];
  });
}

/** Each memory of the journal that went in, with its text as it is now (one forgotten since is left out). */
function journalOf(d: InspectionData, memories: readonly { id: string; text: string }[]): ReplyInspection['journal'] {
  const byId = new Map(memories.map((m) => [m.id, m]));
  return (d.journal ?? []).flatMap((m) => {
    const now = byId.get(m.memoryId);
    return now ? [{ id: m.memoryId, text: now.text, pinned: m.pinned, tokens: m.tokens }] : [];
  });
}

export function toReplyInspection(
  d: InspectionData,
  createdAt: Date,
  recalled: readonly ChatMessageRow[] = [],
  journal: readonly { id: string; text: string }[] = [],
): ReplyInspection {
  return {
    recalled: recalledOf(d, recalled),
    journal: journalOf(d, journal),
    kind: d.kind,
    provider: d.provider,
    model: d.model,
    contextSize: d.contextSize,
    replyBudget: d.replyBudget,
    parts: d.parts,
    lore: d.lore.map(({ id, name, key, tokens, position }) => ({ id, name, key, tokens, position })),
    loreSkipped: d.loreSkipped,
    facts: { count: d.facts.count, tokens: d.facts.tokens },
    summary: { used: d.summary.used, tokens: d.summary.tokens },
    history: { included: d.history.included, leftOut: d.history.leftOut },
    examples: d.examples,
    tokens: d.tokens,
    firstTokenMs: d.firstTokenMs,
    totalMs: d.totalMs,
    tokensPerSecond: d.tokensPerSecond,
    charge: chargeOf(d),
    createdAt: createdAt.toISOString(),
  };
}

export function toInspectionResponse(r: ReplyInspected): InspectionResponse {
  return {
    messageId: r.message.id,
    conversationId: r.conversation.id,
    swipeIndex: r.swipeIndex,
    inspection: r.row
      ? toReplyInspection(r.row.data as unknown as InspectionData, r.row.createdAt, r.recalledMessages, r.journalMemories)
      : null,
    disabledLore: r.conversation.disabledLore,
  };
}

export function toRebuiltPrompt(r: Rebuilt): RebuiltPrompt {
  return {
    messages: r.prompt.messages.map((m) => ({ role: m.role, content: m.content })),
    tokens: r.prompt.breakdown.tokens.total,
    changes: r.changes,
  };
}
