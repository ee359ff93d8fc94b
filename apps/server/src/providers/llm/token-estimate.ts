// A remote model's tokens estimated from the bytes, for servers that do not count them (server-tokens.ts asks those
// that do). It starts at 3 bytes per token (English BPE vocabularies average about 4, so trimming errs safe) and
// learns from the server: each reply's `prompt_tokens` against the prompt's bytes, and the token count a context error
// names, only ever lower it (with a 5 % margin), so a model with a small vocabulary stops overflowing its context after
// its first reply.
import type { ChatMessage, LlmLog } from './llm-provider.ts';

export class TokenEstimate {
  private bytesPerToken = 3;

  constructor(private readonly log: LlmLog) {}

  count(text: string): number {
    return Math.ceil(Buffer.byteLength(text, 'utf8') / this.bytesPerToken);
  }

  /** What the server said a prompt of these messages took. */
  learn(messages: readonly ChatMessage[], promptTokens: number | undefined): void {
    if (!promptTokens || promptTokens <= 0) return;
    const bytes = messages.reduce((n, m) => n + Buffer.byteLength(m.content, 'utf8'), 0);
    const ratio = (bytes / promptTokens) * 0.95;
    if (ratio < this.bytesPerToken) {
      this.bytesPerToken = Math.max(0.5, ratio);
      this.log.info({ bytesPerToken: Math.round(this.bytesPerToken * 100) / 100 }, 'token estimate adjusted to the model server');
    }
  }
}
