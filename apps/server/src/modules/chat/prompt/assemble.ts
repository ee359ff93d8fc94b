// Builds the messages for one reply: instructions, character sheet (with lorebook entries) and the user's persona in
// the system message, then as much history as fits (newest kept), then post-history instructions; then arranged in the order the
// model's chat template accepts (`arrangeMessages`: by default one system message and alternating turns, post-history
// instructions inside the last user turn). Counted with the model's tokenizer; the reply budget stays free. Pure: no
// I/O, no clock.
import type { ChatMessage } from '../../../providers/llm/llm-provider.ts';
import { arrangeMessages } from '../../../providers/llm/message-order.ts';
import { selectLore, type SelectedLore } from './lorebook.ts';
import { applyMacros, exampleBlocks, neutralizeTemplateTokens } from './text.ts';
import { AI_HONESTY_INSTRUCTION, CRISIS_TURN_INSTRUCTION, DEFAULT_INSTRUCTIONS } from './instructions.ts';
import type { AssembledPrompt, AssembleInput, PromptBreakdown } from './types.ts';

export { AI_HONESTY_INSTRUCTION, CRISIS_TURN_INSTRUCTION, DEFAULT_INSTRUCTIONS };

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

type Render = (t: string | undefined) => string;
type Measure = (t: string) => number;

/** The parts every prompt of the character carries, rendered (macros filled, template tokens neutralised). */
interface FixedParts {
  instructions: string;
  sheet: string;
  /** "About <persona>:" and its description (and pronouns); empty without a persona. */
  persona: string;
  pinned: string;
  /** After the pinned facts (modules/memory): the journal's memories, then passages recalled from the conversation. */
  journal: string;
  recalled: string;
  summaryText: string;
  post: string;
  /** The sheet's parts as they appear in it (for the breakdown). */
  sheetParts: { description: string; personality: string; scenario: string };
}

/** A titled list of lines ("- …"), or nothing without lines. */
const listBlock = (title: string, items: string[]) => (items.length ? `${title}\n${items.map((i) => `- ${i}`).join('\n')}` : '');

function fixedParts(input: AssembleInput, charName: string, render: Render): FixedParts {
  const { character, memory } = input;
  const own = character.systemPrompt?.trim()
    ? render(character.systemPrompt.replace(/\{\{\s*original\s*\}\}/gi, DEFAULT_INSTRUCTIONS))
    : render(DEFAULT_INSTRUCTIONS);
  const instructions = `${own}\n\n${render(AI_HONESTY_INSTRUCTION)}`;
  const post = [render(character.postHistoryInstructions), input.crisisTurn ? render(CRISIS_TURN_INSTRUCTION) : '']
    .filter(Boolean)
    .join('\n\n');
  const sheetParts = {
    description: render(character.description) && `About ${charName}:\n${render(character.description)}`,
    personality: render(character.personality) && `${charName}'s personality: ${render(character.personality)}`,
    scenario: render(character.scenario) && `Scenario: ${render(character.scenario)}`,
  };
  const sheet = Object.values(sheetParts).filter(Boolean).join('\n\n');
  const lines = (items: string[] | undefined) => (items ?? []).map((t) => render(t)).filter(Boolean);
  const pinned = listBlock('Facts to remember:', lines(memory?.pinnedFacts));
  const journal = listBlock(render('Memories of {{user}} (written to {{user}}: "you" in them is {{user}}):'), lines(memory?.journal));
  const recalled = listBlock('Recalled from earlier in this conversation:', lines(memory?.recalled));
  const summaryText = render(memory?.summary)
    ? `Summary of the story so far (earlier messages are not shown):\n${render(memory?.summary)}`
    : '';
  return {
    instructions,
    sheet,
    persona: personaBlock(input, render),
    pinned,
    journal,
    recalled,
    summaryText,
    post,
    sheetParts,
  };
}

/** The user's persona, after the character sheet: who `{{user}}` is (the name is the persona's). */
function personaBlock(input: AssembleInput, render: Render): string {
  const user = input.userName.trim() || 'User';
  const description = render(input.persona?.description);
  const pronouns = render(input.persona?.pronouns ?? undefined);
  if (description) return `About ${user}${pronouns ? ` (${pronouns})` : ''}:\n${description}`;
  return pronouns ? `${user}'s pronouns: ${pronouns}` : '';
}

/** How many of the newest messages fit a budget, each message counted once. */
function historyFitter(history: ChatMessage[], measure: Measure, overhead: number) {
  const cost = history.map(() => -1);
  const costOf = (i: number) => (cost[i]! >= 0 ? cost[i]! : (cost[i] = measure(history[i]!.content) + overhead));
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
  return { costOf, fitNewest };
}

/** Below this many tokens of room a cut message says too little to answer: the prompt is refused instead. */
const MIN_REPLY_END = 32;

/**
 * When the newest message is not one the user is sending now (a continue, a regenerate, a group's "Let X speak"
 * after another character's line) and it alone is longer than the room left on a small model, it keeps its end
 * (what the next words follow), its start cut off behind "…", instead of refusing. The message being sent is never
 * cut: its writer is told to shorten it.
 */
function keepEndOfNewest(history: ChatMessage[], room: number, measure: Measure): void {
  const last = history.at(-1);
  if (!last || room < MIN_REPLY_END) return;
  let tokens = measure(last.content);
  let text = last.content;
  for (let i = 0; i < 8 && tokens > room; i++) {
    text = text.slice(text.length - Math.floor(text.length * (room / tokens) * 0.9));
    if (/^[\uDC00-\uDFFF]/.test(text)) text = text.slice(1); // not half a surrogate pair
    tokens = measure(`…${text}`);
  }
  if (text !== last.content && tokens <= room) history[history.length - 1] = { ...last, content: `…${text}` };
}

/** Example exchanges that fit `room`, behind their header (none fit: none, and no header). */
function fitExamples(blocks: string[], header: string, room: number, measure: Measure): { examples: string[]; tokens: number } {
  const examples: string[] = [];
  let tokens = 0;
  room -= measure(header);
  for (const b of blocks) {
    const block = `<START>\n${b}`;
    const t = measure(block) + 1;
    if (t > room) break;
    examples.push(block);
    tokens += t;
    room -= t;
  }
  if (examples.length === 0) return { examples, tokens };
  return { examples: [header, ...examples], tokens: tokens + measure(header) };
}

const atDepth = (s: SelectedLore) => s.entry.position === 'at_depth';

/** The messages: one system message (instructions, lore, sheet, memory, examples), then the kept turns. */
function buildMessages(
  parts: FixedParts,
  lore: SelectedLore[],
  turnsKept: ChatMessage[],
  extras: { summaryUsed: boolean; examples: string[]; order: NonNullable<AssembleInput['options']>['messageOrder'] },
): ChatMessage[] {
  const beforeChar = lore.filter((s) => s.entry.position === 'before_char').map((s) => s.text);
  const afterChar = lore
    .filter((s) => (s.entry.position ?? 'after_char') === 'after_char' || (s.entry.position === 'at_depth' && !atDepth(s)))
    .map((s) => s.text);
  const { instructions, sheet, persona, pinned, journal, recalled, summaryText, post } = parts;
  const system = [
    instructions,
    ...beforeChar,
    sheet,
    ...afterChar,
    persona,
    pinned,
    journal,
    recalled,
    extras.summaryUsed ? summaryText : '',
    extras.examples.join('\n'),
  ]
    .filter(Boolean)
    .join('\n\n');
  const turns: ChatMessage[] = turnsKept.map((m) => ({ ...m }));
  // Depth entries sit `depth` messages from the end; deeper than the kept history means the top.
  for (const s of lore.filter(atDepth).sort((a, b) => (b.entry.depth ?? 0) - (a.entry.depth ?? 0))) {
    const at = Math.max(0, turns.length - Math.max(0, s.entry.depth ?? 0));
    turns.splice(at, 0, { role: 'system', content: s.text });
  }
  if (post) {
    // Closest to the reply: after the last turn, or before a trailing reply that is being continued.
    const at = turns.at(-1)?.role === 'assistant' ? turns.length - 1 : turns.length;
    turns.splice(at, 0, { role: 'system', content: post });
  }
  return arrangeMessages([{ role: 'system' as const, content: system }, ...turns], extras.order ?? 'strict');
}

type Fit = { count: number; tokens: number; all: boolean };

/**
 * The history kept: as much as fits; when all of it fits, example exchanges fill the room left (they are the first
 * thing to go), otherwise the memory's summary stands in for what was dropped.
 */
function chooseHistory(
  fitNewest: (budget: number) => Fit,
  remaining: number,
  /** The summary's tokens; undefined without a summary. */
  summaryTokens: number | undefined,
  examplesIn: (room: number) => { examples: string[]; tokens: number },
): { kept: Fit; summaryUsed: boolean; examples: { examples: string[]; tokens: number } } {
  const kept = fitNewest(remaining);
  const none = { examples: [], tokens: 0 };
  if (kept.all) return { kept, summaryUsed: false, examples: examplesIn(remaining - kept.tokens) };
  if (summaryTokens !== undefined) {
    const withSummary = fitNewest(remaining - summaryTokens - 1);
    if (withSummary.count > 0) return { kept: withSummary, summaryUsed: true, examples: none };
  }
  return { kept, summaryUsed: false, examples: none };
}

/** Parts were counted one by one: counts the real messages, dropping more history while joining made them too long. */
function dropUntilFits(
  build: (keepCount: number) => ChatMessage[],
  exact: (ms: ChatMessage[]) => number,
  available: number,
  keepCount: number,
): { messages: ChatMessage[]; total: number; keepCount: number } {
  let messages = build(keepCount);
  let total = exact(messages);
  while (total > available && keepCount > 1) {
    keepCount--;
    messages = build(keepCount);
    total = exact(messages);
  }
  return { messages, total, keepCount };
}

/** The tokens the prompt may use: the context less the reply budget (none: a PromptTooLongError). */
function promptRoom(input: AssembleInput): number {
  const available = input.contextSize - input.replyBudget;
  if (input.history.length === 0) throw new Error('Prompt assembly needs at least one message');
  if (available <= 0) {
    throw new PromptTooLongError(
      `The reply budget (${input.replyBudget} tokens) leaves no room in a ${input.contextSize}-token context`,
      input.replyBudget,
      input.contextSize,
    );
  }
  return available;
}

interface BreakdownInput {
  parts: FixedParts;
  measure: Measure;
  render: Render;
  overhead: number;
  available: number;
  lore: { selected: SelectedLore[]; skipped: string[] };
  loreTokens: number;
  summaryUsed: boolean;
  examples: { examples: string[]; tokens: number };
  exampleBlocks: number;
  history: { tokens: number; included: number; dropped: number };
  total: number;
}

/** What the assembled prompt is made of, part by part (the inspector shows it). */
function breakdownOf(input: AssembleInput, c: BreakdownInput): PromptBreakdown {
  const { parts, measure, render, overhead, available, lore, loreTokens, summaryUsed, examples, total } = c;
  const { instructions, sheet, persona, pinned, summaryText, post } = parts;
  const examplesIncluded = Math.max(0, examples.examples.length - 1);
  return {
    contextSize: input.contextSize,
    replyBudget: input.replyBudget,
    available,
    tokens: {
      instructions: measure(instructions) + overhead,
      character: measure(sheet),
      lore: loreTokens,
      // After the sheet and the lore that follows it, as in the prompt.
      persona: measure(persona),
      memory: measure(pinned) + measure(parts.journal) + measure(parts.recalled) + (summaryUsed ? measure(summaryText) : 0),
      examples: examples.tokens,
      history: c.history.tokens,
      postHistory: post ? measure(post) + overhead : 0,
      total,
    },
    history: { included: c.history.included, dropped: c.history.dropped },
    examples: { included: examplesIncluded, dropped: c.exampleBlocks - examplesIncluded },
    lore: {
      included: lore.selected.map((s) => s.label),
      skippedForBudget: lore.skipped,
      entries: lore.selected.map((s) => ({
        id: s.entry.id ?? s.label,
        label: s.label,
        key: s.key,
        tokens: s.tokens + (atDepth(s) ? overhead : 1),
        position: s.entry.position ?? 'after_char',
      })),
    },
    summaryUsed,
    sheet: {
      description: measure(parts.sheetParts.description),
      personality: measure(parts.sheetParts.personality),
      scenario: measure(parts.sheetParts.scenario),
    },
    memory: {
      pinnedFacts: (input.memory?.pinnedFacts ?? []).filter((f) => render(f)).length,
      pinnedTokens: measure(pinned),
      recalledTokens: measure(parts.recalled),
      journalTokens: measure(parts.journal),
      summaryTokens: summaryUsed ? measure(summaryText) : 0,
    },
  };
}

export function assemblePrompt(input: AssembleInput): AssembledPrompt {
  const { character, countTokens } = input;
  const o = input.options ?? {};
  const overhead = o.messageOverhead ?? 5;
  const names = { char: character.name.trim() || 'Character', user: input.userName.trim() || 'User' };
  const render: Render = (t) => (t ? neutralizeTemplateTokens(applyMacros(t, names)).trim() : '');
  const measure: Measure = (t) => (t ? countTokens(t) : 0);
  const available = promptRoom(input);
  const parts = fixedParts(input, names.char, render);
  const { instructions, sheet, persona, pinned, summaryText, post } = parts;
  const history = input.history.map((m) => ({ role: m.role, content: render(m.content) }));
  // Tokens held back for what the parts' counts leave out (the chat template's own text; prompt/fit.ts).
  const reserve = Math.max(0, Math.ceil(o.reserveTokens ?? 0));
  const memoryTokens = measure(pinned) + measure(parts.journal) + measure(parts.recalled);
  let fixed = measure(instructions) + measure(sheet) + measure(persona) + memoryTokens + overhead;
  if (post) fixed += measure(post) + overhead;
  if (fixed + reserve >= available) {
    throw new PromptTooLongError(
      `The character needs ${fixed} tokens for its instructions, sheet and pinned memory${reserve ? ` and the chat template ${reserve} more` : ''}, but the model's context leaves ${available} tokens for the prompt (${input.contextSize} tokens less ${input.replyBudget} for the reply)`,
      fixed + reserve,
      available,
      'character',
    );
  }

  // Lore entries triggered by the newest messages, within their own budget and the room left.
  const scanText = history
    .slice(-(o.loreScanDepth ?? 4))
    .map((m) => m.content)
    .join('\n');
  const loreBudget = Math.max(0, Math.min(o.loreBudget ?? Math.floor(input.contextSize / 4), available - fixed - reserve));
  const lore = selectLore(character.characterBook, scanText, loreBudget, measure, render);
  const loreTokens = lore.selected.reduce((n, s) => n + s.tokens + (atDepth(s) ? overhead : 1), 0);
  fixed += loreTokens;

  // History, newest first, until the budget is spent.
  const remaining = available - fixed - reserve;
  const newest = input.history.at(-1);
  if (newest && (newest.id !== undefined || newest.role === 'assistant')) keepEndOfNewest(history, remaining - overhead, measure);
  const { costOf, fitNewest } = historyFitter(history, measure, overhead);
  const lastCost = costOf(history.length - 1);
  if (lastCost > remaining) {
    throw new PromptTooLongError(
      `The message is too long for this model: it needs ${lastCost} tokens and ${Math.max(0, remaining)} are left after the character and the reply budget`,
      lastCost,
      Math.max(0, remaining),
    );
  }
  const blocks = exampleBlocks(character.exampleDialogue).map(render).filter(Boolean);
  const header = `Example exchanges showing how ${names.char} writes (not part of this conversation):`;
  const { kept, summaryUsed, examples } = chooseHistory(fitNewest, remaining, summaryText ? measure(summaryText) : undefined, (room) =>
    fitExamples(blocks, header, room, measure),
  );

  const extras = { summaryUsed, examples: examples.examples, order: o.messageOrder };
  const build = (keepCount: number) => buildMessages(parts, lore.selected, history.slice(history.length - keepCount), extras);
  const exact = (ms: ChatMessage[]) => ms.reduce((n, m) => n + measure(m.content) + overhead, 0);
  const { messages, total, keepCount } = dropUntilFits(build, exact, available - reserve, kept.count);

  const historyTokens = history.slice(history.length - keepCount).reduce((n, _m, i) => n + costOf(history.length - keepCount + i), 0);
  const breakdown = breakdownOf(input, {
    parts,
    measure,
    render,
    overhead,
    available,
    lore,
    loreTokens,
    summaryUsed,
    examples,
    exampleBlocks: blocks.length,
    history: { tokens: historyTokens, included: keepCount, dropped: history.length - keepCount },
    total,
  });
  return { messages, stop: stopSequences(names.user), breakdown };
}
