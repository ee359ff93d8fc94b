// The language model as the app holds it: the real provider (and node-llama-cpp with it) is loaded on first use,
// so a server start, and every test that never chats, pays nothing for it. `start()` begins loading (and, for
// the embedded default, the first-start download) eagerly in production.
import type { ProviderStatus } from '../health.ts';
import type { LlmChunk, LlmInfo, LlmLog, LlmProvider, StreamChatRequest } from './llm-provider.ts';
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
      (p) => (this.inner = p),
      (err: unknown) => {
        this.failure = err instanceof Error ? err.message : String(err);
        this.log.error({ err }, 'the language-model provider could not be created');
        throw err;
      },
    ));
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

  info(): LlmInfo {
    if (this.inner) return this.inner.info();
    const model = this.config.provider === 'openai' ? (this.config.model ?? 'unknown') : 'embedded model';
    return {
      provider: this.config.provider,
      model,
      contextSize: this.config.contextSize ?? 4096,
      ready: false,
      state: this.failure ? 'error' : 'loading',
      ...(this.failure ? { error: this.failure } : {}),
    };
  }

  async whenReady(): Promise<void> {
    const provider = await this.start().catch(() => undefined);
    await provider?.whenReady();
  }

  async health(): Promise<ProviderStatus> {
    if (this.inner) return this.inner.health();
    if (this.failure) return { status: 'down', detail: this.failure };
    return { status: 'ok', detail: this.starting ? 'starting' : 'loaded on first use' };
  }

  async close(): Promise<void> {
    const provider = this.inner ?? (this.starting ? await this.starting.catch(() => undefined) : undefined);
    await provider?.close();
  }
}
