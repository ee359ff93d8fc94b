// The prompt's tokens counted by the model server itself (llama.cpp server), chat template included.
//
// The template's text around each message is learnt once per shape of conversation (the roles in order) from
// `POST /apply-template` with a marker in place of each message; a prompt is then the markers replaced by the real
// texts, and its tokens come from one `POST /tokenize` (special tokens parsed, BOS added, as the server does for a
// chat request). So a prompt costs one small request, its count is cached per prompt text, and both requests share
// one short timeout: a server that is slow, or that has no such endpoints (vLLM, Ollama, OpenAI answer 404), gets
// undefined, and the caller falls back to its estimate (a server without them is not asked again for a while).
import { createHash } from 'node:crypto';
import type { ChatMessage, LlmLog } from './llm-provider.ts';

export interface ServerTokenCounterOptions {
  /** The server's root (LLM_BASE_URL without /v1). */
  rootUrl: string;
  headers: () => Record<string, string>;
  log: LlmLog;
  /** For both requests of one count together. */
  timeoutMs?: number;
}

const CACHE_SIZE = 512;
/** A server without the endpoints is asked again after this long (it may have been upgraded or restarted). */
const UNSUPPORTED_FOR_MS = 10 * 60_000;

const marker = (i: number) => `\u2060@@REVERIE_PART_${i}@@\u2060`;

class Lru<V> {
  private readonly map = new Map<string, V>();
  constructor(private readonly size: number) {}
  get(key: string): V | undefined {
    const v = this.map.get(key);
    if (v !== undefined) {
      this.map.delete(key);
      this.map.set(key, v);
    }
    return v;
  }
  set(key: string, v: V): void {
    this.map.delete(key);
    this.map.set(key, v);
    if (this.map.size > this.size) this.map.delete(this.map.keys().next().value!);
  }
  clear(): void {
    this.map.clear();
  }
}

class NotOffered extends Error {}

export class ServerTokenCounter {
  /** Per role sequence: the template rendered with markers for the texts. */
  private readonly shapes = new Lru<string>(64);
  /** Per prompt (a hash of its messages): its tokens. */
  private readonly counts = new Lru<number>(CACHE_SIZE);
  private unsupportedUntil = 0;

  constructor(private readonly opts: ServerTokenCounterOptions) {}

  /** The prompt's tokens with the template, or undefined (not offered, too slow, failed). */
  async count(messages: readonly ChatMessage[]): Promise<number | undefined> {
    // A server that does not count (OpenAI, vLLM, the bench's peer) costs no hash of the whole prompt per reply.
    if (Date.now() < this.unsupportedUntil) return undefined;
    const key = createHash('sha256').update(JSON.stringify(messages)).digest('base64url');
    const cached = this.counts.get(key);
    if (cached !== undefined) return cached;
    const signal = AbortSignal.timeout(this.opts.timeoutMs ?? 1_500);
    try {
      const shape = await this.shape(messages, signal);
      const prompt = messages.reduce((text, m, i) => text.split(marker(i)).join(m.content), shape);
      const tokens = await this.post<{ tokens?: unknown[] }>(
        '/tokenize',
        { content: prompt, add_special: true, parse_special: true },
        signal,
      );
      if (!Array.isArray(tokens.tokens)) throw new NotOffered('no tokens in the answer');
      this.counts.set(key, tokens.tokens.length);
      return tokens.tokens.length;
    } catch (err) {
      if (err instanceof NotOffered) {
        this.unsupportedUntil = Date.now() + UNSUPPORTED_FOR_MS;
        this.opts.log.info(
          { reason: err.message },
          'the model server does not count tokens (llama.cpp /apply-template, /tokenize); estimating',
        );
      } else {
        this.opts.log.warn({ err: (err as Error).message }, 'counting the prompt on the model server failed; estimating');
      }
      return undefined;
    }
  }

  /** Forgets what was learnt (the server may have been restarted with another model or template). */
  reset(): void {
    this.shapes.clear();
    this.counts.clear();
    this.unsupportedUntil = 0;
  }

  private async shape(messages: readonly ChatMessage[], signal: AbortSignal): Promise<string> {
    const roles = messages.map((m) => m.role).join(',');
    const known = this.shapes.get(roles);
    if (known !== undefined) return known;
    const probe = messages.map((m, i) => ({ role: m.role, content: marker(i) }));
    const rendered = await this.post<{ prompt?: unknown }>('/apply-template', { messages: probe }, signal);
    if (typeof rendered.prompt !== 'string') throw new NotOffered('no prompt in the answer');
    this.shapes.set(roles, rendered.prompt);
    return rendered.prompt;
  }

  private async post<T>(path: string, body: unknown, signal: AbortSignal): Promise<T> {
    const res = await fetch(`${this.opts.rootUrl}${path}`, {
      method: 'POST',
      headers: { ...this.opts.headers(), accept: 'application/json' },
      body: JSON.stringify(body),
      signal,
    });
    if (res.status === 404 || res.status === 405 || res.status === 501) {
      await res.body?.cancel().catch(() => {});
      throw new NotOffered(`${path} answered ${res.status}`);
    }
    if (!res.ok) throw new Error(`${path} answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
    return (await res.json()) as T;
  }
}
