// Builds the messages for one reply: instructions and character sheet (with lorebook entries) in the system
// message, then as much history as fits (newest kept), then post-history instructions; then arranged in the order the
// model's chat template accepts (`arrangeMessages`: by default one system message and alternating turns, post-history
// instructions inside the last user turn). Counted with the model's tokenizer; the reply budget stays free. Pure: no
// I/O, no clock.
import type { ChatMessage } from '../../../providers/llm/llm-provider.ts';
import { arrangeMessages } from '../../../providers/llm/message-order.ts';
import { selectLore, type SelectedLore } from './lorebook.ts';
import { applyMacros, exampleBlocks, neutralizeTemplateTokens } from './text.ts';
import type { AssembledPrompt, AssembleInput, PromptBreakdown } from './types.ts';

/** Used when the character has no system prompt of its own, and for `{{original}}` inside one. */
export const DEFAULT_INSTRUCTIONS = [
  "This is a fictional roleplay chat between {{char}} and {{user}}. Write {{char}}'s next reply only.",
  'Stay in character as {{char}}, following the character sheet below. Write actions in *asterisks* and speech in plain text, be vivid and take initiative, and keep replies to a few paragraphs.',
  "Never write {{user}}'s words, thoughts or actions. All characters are adults.",
].join(' ');

export class PromptTooLongError extends Error {
  constructor(
    message: string,
    readonly needed: number,
    readonly available: number,
    /** What does not fit: the newest message, or the character's permanent parts (instructions, sheet, memory). */
    readonly part: 'message' | 'character' = 'message',
  ) {
    super(message);
    this.name = 'PromptTooLongError';
  }
}

/** Stop sequences that keep the model from writing the user's turn or running past its own. */
export function stopSequences(userName: string): string[] {
  const user = userName.trim() || 'User';
  return [
    ...new Set([`\n${user}:`, '<|im_end|>', '<|eot_id|>', '</s>', `\n${user} :`, '<|im_start|>', '<|end|>', '<end_of_turn>', '\nUser:']),
  ];
}

export function assemblePrompt(input: AssembleInput): AssembledPrompt {
  const { character, memory, countTokens } = input;
  const o = input.options ?? {};
  const overhead = o.messageOverhead ?? 5;
  const scanDepth = o.loreScanDepth ?? 4;
  const names = { char: character.name.trim() || 'Character', user: input.userName.trim() || 'User' };
  const render = (t: string | undefined) => (t ? neutralizeTemplateTokens(applyMacros(t, names)).trim() : '');
  const measure = (t: string) => (t ? countTokens(t) : 0);
  const available = input.contextSize - input.replyBudget;
  if (input.history.length === 0) throw new Error('Prompt assembly needs at least one message');
  if (available <= 0) {
    throw new PromptTooLongError(
      `The reply budget (${input.replyBudget} tokens) leaves no room in a ${input.contextSize}-token context`,
      input.replyBudget,
      input.contextSize,
    );
  }

  // Fixed parts.
  const instructions = character.systemPrompt?.trim()
    ? render(character.systemPrompt.replace(/\{\{\s*original\s*\}\}/gi, DEFAULT_INSTRUCTIONS))
    : render(DEFAULT_INSTRUCTIONS);
  const sheet = [
    render(character.description) && `About ${names.char}:\n${render(character.description)}`,
    render(character.personality) && `${names.char}'s personality: ${render(character.personality)}`,
    render(character.scenario) && `Scenario: ${render(character.scenario)}`,
  ]
    .filter(Boolean)
    .join('\n\n');
  const facts = (memory?.pinnedFacts ?? []).map((f) => render(f)).filter(Boolean);
  const pinned = facts.length ? `Facts to remember:\n${facts.map((f) => `- ${f}`).join('\n')}` : '';
  const summaryText = render(memory?.summary)
    ? `Summary of the story so far (earlier messages are not shown):\n${render(memory?.summary)}`
    : '';
  const post = render(character.postHistoryInstructions);

  const history = input.history.map((m) => ({ role: m.role, content: render(m.content) }));
  const scanText = history
    .slice(-scanDepth)
    .map((m) => m.content)
    .join('\n');

  const order = o.messageOrder ?? 'strict';
  let fixed = measure(instructions) + measure(sheet) + measure(pinned) + overhead;
  if (post) fixed += measure(post) + overhead;
  if (fixed >= available) {
    throw new PromptTooLongError(
      `The character needs ${fixed} tokens for its instructions, sheet and pinned memory, but the model's context leaves ${available} tokens for the prompt (${input.contextSize} tokens less ${input.replyBudget} for the reply)`,
      fixed,
      available,
      'character',
    );
  }

  const loreBudget = Math.max(0, Math.min(o.loreBudget ?? Math.floor(input.contextSize / 4), available - fixed));
  const lore = selectLore(character.characterBook, scanText, loreBudget, measure, render);
  const atDepth = (s: SelectedLore) => s.entry.position === 'at_depth';
  const loreTokens = lore.selected.reduce((n, s) => n + s.tokens + (atDepth(s) ? overhead : 1), 0);
  fixed += loreTokens;

  // History, newest first, until the budget is spent.
  const remaining = available - fixed;
  const cost = history.map(() => -1);
  const costOf = (i: number) => (cost[i]! >= 0 ? cost[i]! : (cost[i] = measure(history[i]!.content) + overhead));
  const lastCost = costOf(history.length - 1);
  if (lastCost > remaining) {
    throw new PromptTooLongError(
      `The message is too long for this model: it needs ${lastCost} tokens and ${Math.max(0, remaining)} are left after the character and the reply budget`,
      lastCost,
      Math.max(0, remaining),
    );
  }
  const fitNewest = (budget: number): { count: number; tokens: number; all: boolean } => {
    let tokens = 0;
    let count = 0;
    for (let i = history.length - 1; i >= 0; i--) {
      const c = costOf(i);
      if (tokens + c > budget) return { count, tokens, all: false };
      tokens += c;
      count++;
    }
    return { count, tokens, all: true };
  };

  let kept = fitNewest(remaining);
  let summaryUsed = false;
  const examples: string[] = [];
  let examplesTokens = 0;
  const blocks = exampleBlocks(character.exampleDialogue).map(render).filter(Boolean);
  if (kept.all) {
    // Examples only when the whole conversation fits; they are the first thing to go.
    const header = `Example exchanges showing how ${names.char} writes (not part of this conversation):`;
    let room = remaining - kept.tokens - measure(header);
    for (const b of blocks) {
      const block = `<START>\n${b}`;
      const t = measure(block) + 1;
      if (t > room) break;
      examples.push(block);
      examplesTokens += t;
      room -= t;
    }
    if (examples.length) examplesTokens += measure(header);
    if (examples.length) examples.unshift(header);
  } else if (summaryText) {
    const withSummary = fitNewest(remaining - measure(summaryText) - 1);
    if (withSummary.count > 0) {
      kept = withSummary;
      summaryUsed = true;
    }
  }

  const build = (keepCount: number) => {
    const beforeChar = lore.selected.filter((s) => s.entry.position === 'before_char').map((s) => s.text);
    const afterChar = lore.selected
      .filter((s) => (s.entry.position ?? 'after_char') === 'after_char' || (s.entry.position === 'at_depth' && !atDepth(s)))
      .map((s) => s.text);
    const system = [instructions, ...beforeChar, sheet, ...afterChar, pinned, summaryUsed ? summaryText : '', examples.join('\n')]
      .filter(Boolean)
      .join('\n\n');
    const turns: ChatMessage[] = history.slice(history.length - keepCount).map((m) => ({ ...m }));
    // Depth entries sit `depth` messages from the end; deeper than the kept history means the top.
    for (const s of lore.selected.filter(atDepth).sort((a, b) => (b.entry.depth ?? 0) - (a.entry.depth ?? 0))) {
      const at = Math.max(0, turns.length - Math.max(0, s.entry.depth ?? 0));
      turns.splice(at, 0, { role: 'system', content: s.text });
    }
    if (post) {
      // Closest to the reply: after the last turn, or before a trailing reply that is being continued.
      const at = turns.at(-1)?.role === 'assistant' ? turns.length - 1 : turns.length;
      turns.splice(at, 0, { role: 'system', content: post });
    }
    return arrangeMessages([{ role: 'system' as const, content: system }, ...turns], order);
  };

  // Parts were counted one by one; count the real messages and drop more history if joining made them longer.
  let keepCount = kept.count;
  let messages = build(keepCount);
  const exact = (ms: ChatMessage[]) => ms.reduce((n, m) => n + measure(m.content) + overhead, 0);
  let total = exact(messages);
  while (total > available && keepCount > 1) {
    keepCount--;
    messages = build(keepCount);
    total = exact(messages);
  }

  const historyTokens = history.slice(history.length - keepCount).reduce((n, _m, i) => n + costOf(history.length - keepCount + i), 0);
  const breakdown: PromptBreakdown = {
    contextSize: input.contextSize,
    replyBudget: input.replyBudget,
    available,
    tokens: {
      instructions: measure(instructions) + overhead,
      character: measure(sheet),
      lore: loreTokens,
      memory: measure(pinned) + (summaryUsed ? measure(summaryText) : 0),
      examples: examplesTokens,
      history: historyTokens,
      postHistory: post ? measure(post) + overhead : 0,
      total,
    },
    history: { included: keepCount, dropped: history.length - keepCount },
    examples: { included: Math.max(0, examples.length - 1), dropped: blocks.length - Math.max(0, examples.length - 1) },
    lore: { included: lore.selected.map((s) => s.label), skippedForBudget: lore.skipped },
    summaryUsed,
  };
  return { messages, stop: stopSequences(names.user), breakdown };
}
