// The order of chat messages a model server's chat template accepts. Many templates refuse anything but one leading
// system message followed by strictly alternating user/assistant turns that start with a user turn (Mistral Nemo,
// Gemma, Llama 2 style); some have no system role at all (Gemma 2, Mistral 7B v0.1); DeepSeek-R1 distills keep only
// the LAST system message as their system prompt; Qwen 3 needs at least one user turn. Prompt assembly writes what
// it means (a system prompt, the history, notes such as lorebook entries at a depth and post-history instructions
// as system messages between the turns); `arrangeMessages` turns that into what the template takes. Both providers
// call it on every request (it is idempotent), and prompt assembly calls it to count the real messages.
import type { ChatMessage } from './llm-provider.ts';

/**
 * - `strict` (default): one leading system message, then alternating user/assistant turns starting with a user turn.
 * - `strict-no-system`: the same without a system message; its text opens the first user turn (Gemma 2 and other
 *   templates without a system role, when the server does not fold it in itself).
 * - `any`: the messages as assembled, system notes between the turns (for backends that accept anything).
 */
export type MessageOrder = 'strict' | 'strict-no-system' | 'any';
export const MESSAGE_ORDERS = ['strict', 'strict-no-system', 'any'] as const;

/**
 * The user turn put before a conversation whose first turn is the character's (the greeting): the strict templates
 * need a user turn first, and the greeting stays the character's own words (which shows the model its voice) rather
 * than becoming part of the system text.
 */
export const CONVERSATION_OPENER = '(The conversation begins.)';

interface Turn {
  role: 'user' | 'assistant';
  parts: string[];
  before: string[];
  after: string[];
}

/** Notes (system messages between the turns) inside a user turn are marked as such with brackets. */
const note = (text: string) => `[${text}]`;

export function arrangeMessages(messages: readonly ChatMessage[], order: MessageOrder = 'strict'): ChatMessage[] {
  if (order === 'any') return messages as ChatMessage[];
  // The first message is the system prompt; any later system message is a note, even right after it (post-history
  // instructions before a greeting that is being continued).
  const system = messages[0]?.role === 'system' ? messages[0].content : '';
  let i = messages[0]?.role === 'system' ? 1 : 0;
  const turns: Turn[] = [];
  /** System messages after the first turn, each with the number of turns before it. */
  const notes: { at: number; text: string }[] = [];
  for (; i < messages.length; i++) {
    const m = messages[i]!;
    if (m.role === 'system') {
      if (m.content) notes.push({ at: turns.length, text: m.content });
      continue;
    }
    const last = turns.at(-1);
    // Consecutive turns of one role (a message whose reply was deleted, a reply left without an answer) become one.
    if (last?.role === m.role) last.parts.push(m.content);
    else turns.push({ role: m.role, parts: [m.content], before: [], after: [] });
  }
  if (turns[0]?.role !== 'user') {
    turns.unshift({ role: 'user', parts: [CONVERSATION_OPENER], before: [], after: [] });
    for (const n of notes) n.at++;
  }
  // A note joins the next user turn (a lorebook entry at a depth); one after the last user turn (post-history
  // instructions, also before a reply that is being continued) joins that last user turn.
  for (const n of notes) {
    let j = turns.findIndex((t, k) => k >= n.at && t.role === 'user');
    if (j >= 0) turns[j]!.before.push(note(n.text));
    else {
      j = turns.findLastIndex((t) => t.role === 'user');
      turns[j]!.after.push(note(n.text));
    }
  }
  const out: ChatMessage[] = turns.map((t) => ({ role: t.role, content: [...t.before, ...t.parts, ...t.after].join('\n\n') }));
  const systemText = system;
  if (!systemText) return out;
  if (order === 'strict-no-system') {
    out[0] = { role: 'user', content: `${systemText}\n\n${out[0]!.content}` };
    return out;
  }
  return [{ role: 'system', content: systemText }, ...out];
}
