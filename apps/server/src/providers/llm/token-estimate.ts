// A remote model's tokens estimated from the bytes, for servers that do not count them (server-tokens.ts asks those
// that do). It starts at 3 bytes per token (English BPE vocabularies average about 4, so trimming errs safe) and
// learns from the server: each reply's `prompt_tokens` against the prompt's bytes, and the token count a context error
// names, only ever lower it (with a 5 % margin), so a model with a small vocabulary stops overflowing its context after
// its first reply.
import type { LlmLog } from './llm-provider.ts';

export class TokenEstimate {
  private bytesPerToken = 3;

  constructor(private readonly log: LlmLog) {}

  count(text: string): number {
    return this.countBytes(Buffer.byteLength(text, 'utf8'));
  }

  countBytes(bytes: number): number {
    return Math.ceil(bytes / this.bytesPerToken);
  }

  /** What the server said a prompt of this many bytes (its messages' text) took. */
  learn(bytes: number, promptTokens: number | undefined): void {
    if (!promptTokens || promptTokens <= 0) return;
    const ratio = (bytes / promptTokens) * 0.95;
    if (ratio < this.bytesPerToken) {
      this.bytesPerToken = Math.max(0.5, ratio);
      this.log.info({ bytesPerToken: Math.round(this.bytesPerToken * 100) / 100 }, 'token estimate adjusted to the model server');
    }
  }
}
