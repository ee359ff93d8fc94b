// The language model as the app holds it: the real provider (and node-llama-cpp with it) is loaded on first use,
// so a server start, and every test that never chats, pays nothing for it. `start()` begins loading (and, for
// the embedded default, the first-start download) eagerly in production.
//
// `currentState()` is the one answer to "can the model reply now, and if not, why": GET /api/chat/status (the chat page,
// /test-chat, /test) and the `llm` entry of GET /api/health both read it, so no two pages disagree.
import type { ProviderStatus } from '../health.ts';
import type { ChatMessage, LlmChunk, LlmInfo, LlmLog, LlmProvider, StreamChatRequest } from './llm-provider.ts';
import type { LlmConfig } from './settings.ts';

export class LazyLlmProvider implements LlmProvider {
  readonly name = 'llm';
  readonly kind: string;
  private inner: LlmProvider | undefined;
  private starting: Promise<LlmProvider> | undefined;
  private failure: string | undefined;

  constructor(
    private readonly config: LlmConfig,
    private readonly log: LlmLog,
    /** Test seam: build something else than the configured provider. */
    private readonly create: () => Promise<LlmProvider> = async () => (await import('./index.ts')).createLlmProvider(config, log),
  ) {
    this.kind = config.provider;
  }

  /** Loads the provider (once); it then downloads/loads its model in the background. */
  start(): Promise<LlmProvider> {
    return (this.starting ??= this.create().then(
      (p) => {
        this.failure = undefined;
        return (this.inner = p);
      },
      (err: unknown) => {
        this.failure = err instanceof Error ? err.message : String(err);
        this.log.error({ err }, 'the language-model provider could not be created');
        throw err;
      },
    ));
  }

  /** Starts again after a failure (the provider itself, or its model's download/load); a no-op otherwise. */
  async retry(): Promise<void> {
    if (this.failure && !this.inner) {
      this.starting = undefined;
      await this.start().catch(() => {});
      return;
    }
    await this.inner?.retry?.();
  }

  /**
   * The model's state for every page. A local model reports its own (downloading, loading, ready, failed); a model
   * server is asked whether it answers (its health check, cached for a few seconds), so a page never calls a model
   * ready that no request could reach.
   */
  async currentState(): Promise<LlmInfo> {
    // A model server has nothing to load: create the provider now rather than answer "loading" before its first use.
    if (!this.inner && !this.failure && this.config.provider === 'openai') await this.start().catch(() => {});
    let info = this.info();
    if (this.inner && info.provider === 'openai' && info.state === 'loading') {
      // Its first read of the server's context size: a moment, bounded by the provider's own timeouts (and ours).
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([this.inner.whenReady().catch(() => {}), new Promise((r) => (timer = setTimeout(r, 5_000)))]);
      clearTimeout(timer);
      info = this.info();
    }
    if (!this.inner || info.provider !== 'openai' || !info.ready) return info;
    const probe = await this.inner.health();
    if (probe.status === 'ok') return info;
    return { ...info, ready: false, state: 'error', error: probe.detail ?? 'The model server does not answer.', canRetry: true };
  }

  streamChat(request: StreamChatRequest): AsyncIterable<LlmChunk> {
    // Once loaded, the provider's own stream (one async layer less for every chunk of every reply).
    if (this.inner) return this.inner.streamChat(request);
    return this.streamWhenStarted(request);
  }

  private async *streamWhenStarted(request: StreamChatRequest): AsyncIterable<LlmChunk> {
    const provider = await this.start();
    yield* provider.streamChat(request);
  }

  countTokens(text: string): number {
    // Before the model is loaded: a conservative estimate (about 3 characters per token).
    return this.inner ? this.inner.countTokens(text) : Math.ceil(text.length / 3);
  }

  countPrompt(messages: readonly ChatMessage[]): Promise<number | undefined> {
    return this.inner?.countPrompt ? this.inner.countPrompt(messages) : Promise.resolve(undefined);
  }

  info(): LlmInfo {
    if (this.inner) return this.inner.info();
    const model = this.config.provider === 'openai' ? (this.config.model ?? 'unknown') : 'embedded model';
    return {
      provider: this.config.provider,
      model,
      contextSize: this.config.contextSize ?? 4096,
      messageOrder: this.config.messageOrder ?? 'strict',
      ready: false,
      state: this.failure ? 'error' : 'loading',
      ...(this.failure ? { error: this.failure, canRetry: true } : {}),
    };
  }

  async whenReady(): Promise<void> {
    const provider = await this.start().catch(() => undefined);
    await provider?.whenReady();
  }

  /** Derived from `state()`, the same source the chat status reads. */
  async health(): Promise<ProviderStatus> {
    const s = await this.currentState();
    if (s.ready) return this.inner ? this.inner.health() : { status: 'ok', detail: s.model };
    return { status: 'down', detail: describeState(s) };
  }

  async close(): Promise<void> {
    const provider = this.inner ?? (this.starting ? await this.starting.catch(() => undefined) : undefined);
    await provider?.close();
  }
}

/** One sentence for a model that cannot reply now (health details; the chat status words it for users). */
export function describeState(s: LlmInfo): string {
  if (s.state === 'ready') return s.model;
  if (s.state === 'downloading')
    return s.problem ?? (s.progress === undefined ? 'Downloading the model' : `Downloading the model: ${s.progress} %`);
  if (s.state === 'loading') return 'Loading the model';
  return s.error ?? 'The model failed to start';
}
