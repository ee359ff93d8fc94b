// Fitting an assembled prompt to the model's real context. assemblePrompt counts part by part (the provider's
// `countTokens`: the embedded model's tokenizer, or a bytes-per-token estimate for a remote server) and knows nothing
// of the chat template's own text (a Command-R-style preamble is hundreds of tokens). So the whole prompt is counted
// once more as the model sees it, template included (`countPrompt`: llama.cpp's /apply-template and /tokenize, or
// the embedded model's chat wrapper), and when it is over, the prompt is assembled again with that many tokens held
// back (`reserveTokens`), which trims the optional parts in the documented order: examples, then the oldest history
// (the summary standing in), then lorebook entries. Without a server count the estimate keeps a safety margin.
//
// What a model needed beyond the parts' counts is remembered per provider, so the next prompt starts from it; and a
// prompt whose parts plus that stay well inside the room (CLEAR_MARGIN) is not counted at all: the count is a round
// trip to the model server before every reply, and only a prompt near the limit needs it. Should the estimate still
// fall short, the server's context error makes model-request.ts assemble again with what it showed was missing.
import type { ChatMessage } from '../../../providers/llm/llm-provider.ts';
import { assemblePrompt, PromptTooLongError } from './assemble.ts';
import type { AssembledPrompt, AssembleInput } from './types.ts';

/** What fitting needs of the language model. */
export interface PromptCounter {
  countPrompt?(messages: readonly ChatMessage[]): Promise<number | undefined>;
}

/** Rounds of counting before a prompt is given up as too long (each holds back at least the overflow again). */
const MAX_ROUNDS = 3;
/** Share of the prompt's room kept free when no server count is to be had (an estimate's margin). */
export const ESTIMATE_MARGIN = 0.05;
/** Share of the prompt's room below which a prompt is sent uncounted, once the model's template share is known. */
export const CLEAR_MARGIN = 0.15;
/** Share of the prompt's room added to the overflow each round (the counts per part are not exact either). */
const ROUND_MARGIN = 0.02;

/** Per model: the tokens its last counted prompt had beyond the parts' counts. */
const learnt = new WeakMap<object, number>();

export interface FittedPrompt {
  prompt: AssembledPrompt;
  /** The whole prompt's tokens as the model counts them; undefined when only estimated. */
  counted?: number;
  /** What was held back for the template and the counts' error. */
  reserve: number;
}

/** The room the prompt may take: the context less the reply budget. */
const roomOf = (input: AssembleInput) => input.contextSize - input.replyBudget;

/**
 * The prompt assembled to fit the model's context as the model counts it. Throws PromptTooLongError when even the
 * permanent parts and the newest message cannot fit (the caller shrinks the reply budget, then refuses with 422).
 * `reserve`: a starting point (after a server's context error, what that error showed was missing).
 */
export async function fitPrompt(llm: PromptCounter, input: AssembleInput, reserve?: number): Promise<FittedPrompt> {
  const room = roomOf(input);
  const known = reserve === undefined ? learnt.get(llm) : undefined;
  let held = Math.max(0, reserve ?? known ?? 0);
  // What was learnt is a hint: the parts' estimate may have learnt from the same server since (openai.ts lowers its
  // bytes per token), so a hint that no longer fits gives way to a count of the prompt as it is.
  let hint = reserve === undefined && held > 0;
  for (let round = 1; ; round++) {
    let prompt: AssembledPrompt;
    try {
      prompt = assemblePrompt({ ...input, options: { ...input.options, reserveTokens: held } });
    } catch (err) {
      if (!hint || !(err instanceof PromptTooLongError)) throw err;
      hint = false;
      held = 0;
      round--;
      continue;
    }
    if (round === 1 && known !== undefined && prompt.breakdown.tokens.total + known <= room * (1 - CLEAR_MARGIN)) {
      return { prompt, reserve: held };
    }
    hint = false;
    const counted = await llm.countPrompt?.(prompt.messages);
    if (counted === undefined) {
      // No count from the model: the estimate, with its margin, is all there is.
      const margin = Math.ceil(room * ESTIMATE_MARGIN);
      if (held >= margin) return { prompt, reserve: held };
      held = margin;
      return { prompt: assemblePrompt({ ...input, options: { ...input.options, reserveTokens: held } }), reserve: held };
    }
    const beyondParts = counted - prompt.breakdown.tokens.total;
    if (counted <= room) {
      learnt.set(llm, Math.max(0, beyondParts));
      return { prompt, counted, reserve: held };
    }
    if (round >= MAX_ROUNDS) {
      throw new PromptTooLongError(
        `The conversation needs ${counted} tokens as the model counts them, and the model's context leaves ${room} for the prompt (${input.contextSize} tokens less ${input.replyBudget} for the reply)`,
        counted,
        room,
      );
    }
    held = Math.max(held + (counted - room), beyondParts) + Math.ceil(room * ROUND_MARGIN);
  }
}

/**
 * After the model server refused a prompt as too long: the reserve that would have made it fit, from the server's
 * own count when it named one, else a quarter of the room more than before.
 */
export function reserveAfterOverflow(sent: FittedPrompt, input: AssembleInput, serverCount: number | undefined): number {
  const room = roomOf(input);
  const margin = Math.ceil(room * ROUND_MARGIN);
  if (serverCount !== undefined && serverCount > 0) {
    const beyondParts = serverCount - sent.prompt.breakdown.tokens.total;
    return Math.max(sent.reserve + margin, beyondParts + margin);
  }
  return sent.reserve + Math.ceil(room / 4);
}
