// A reply stream that survives one context overflow: when the model server refuses the prompt as longer than its
// context before any word came (llama.cpp's 400 "exceeds the available context size", OpenAI's
// `context_length_exceeded`), the prompt is built again trimmed to the server's own count and asked once more; a
// second refusal becomes `refuse(err)` (the chat's 422). Later chunks pass straight through (no extra async layer).
import { LlmContextOverflowError, type LlmChunk } from '../../../providers/llm/llm-provider.ts';

export interface Refittable<P> {
  /** The prompt trimmed after the server's refusal (throws the 422 when it cannot fit). */
  refit?: (err: LlmContextOverflowError) => Promise<P>;
}

export function retryOnOverflow<P extends Refittable<P>>(
  ask: (prompt: P) => AsyncIterator<LlmChunk>,
  request: P,
  refuse: (err: LlmContextOverflowError) => Error,
): AsyncIterator<LlmChunk> {
  let current = ask(request);
  // The prompt and what a refit would build it from, until words came: a reply that streams for minutes holds neither.
  let pending: P | undefined = request;
  const firstOf = async (it: AsyncIterator<LlmChunk>) => {
    const r = await it.next();
    pending = undefined;
    return r;
  };
  const first = async (): Promise<IteratorResult<LlmChunk>> => {
    const asked = pending!;
    try {
      return await firstOf(current);
    } catch (err) {
      if (!(err instanceof LlmContextOverflowError) || !asked.refit) throw err;
      const again = await asked.refit(err);
      // The request is what the reply records (the inspector): it now holds the prompt that was sent.
      Object.assign(asked, again, { refit: undefined });
      current = ask(again);
      try {
        return await firstOf(current);
      } catch (second) {
        throw second instanceof LlmContextOverflowError ? refuse(second) : second;
      }
    }
  };
  return {
    next: () => (pending ? first() : current.next()),
    return: (value?: unknown) => (current.return ? current.return(value) : Promise.resolve({ done: true as const, value })),
  };
}
