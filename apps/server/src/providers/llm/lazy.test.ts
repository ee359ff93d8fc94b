// One source for the model's state: the chat status (currentState) and the health check agree in every state, and
// Retry reaches the provider.
import { describe, expect, it } from 'vitest';
import type { ProviderStatus } from '../health.ts';
import { LazyLlmProvider } from './lazy.ts';
import type { LlmInfo, LlmProvider } from './llm-provider.ts';
import { llmConfigFromEnv, LlmEnvSchema } from './settings.ts';

const silentLog = { info() {}, warn() {}, error() {} };

/** A model server that answers its health check or not (as OpenAiLlmProvider does with GET /models). */
function fakeServer(health: () => ProviderStatus): LlmProvider {
  const info: LlmInfo = {
    provider: 'openai',
    model: 'm',
    contextSize: 4096,
    ready: true,
    state: 'ready',
    active: 0,
    messageOrder: 'strict',
  };
  return {
    name: 'llm',
    kind: 'openai',
    info: () => info,
    health: async () => health(),
    countTokens: () => 1,
    whenReady: async () => {},
    close: async () => {},
    streamChat: () => {
      throw new Error('not used');
    },
  };
}

const openaiConfig = llmConfigFromEnv(
  LlmEnvSchema.parse({ LLM_PROVIDER: 'openai', LLM_BASE_URL: 'http://127.0.0.1:9/v1', LLM_MODEL: 'm' }),
  '/d',
);

describe('the model state every page reads', () => {
  it('calls a model server that does not answer not ready, in the chat status and the health check alike', async () => {
    let up = false;
    const lazy = new LazyLlmProvider(openaiConfig, silentLog, async () =>
      fakeServer(() => (up ? { status: 'ok', detail: 'm' } : { status: 'down', detail: 'Could not reach the model server: ECONNREFUSED' })),
    );
    // Not started yet: the status starts a model server's provider rather than answer "loading".
    expect(await lazy.currentState()).toMatchObject({
      ready: false,
      state: 'error',
      error: 'Could not reach the model server: ECONNREFUSED',
      canRetry: true,
    });
    expect(await lazy.health()).toEqual({ status: 'down', detail: 'Could not reach the model server: ECONNREFUSED' });
    up = true;
    expect(await lazy.currentState()).toMatchObject({ ready: true, state: 'ready' });
    expect(await lazy.health()).toEqual({ status: 'ok', detail: 'm' });
  });

  it('reports a local model that has not started as loading in both, and a provider that could not be created as failed, with Retry', async () => {
    const config = llmConfigFromEnv(LlmEnvSchema.parse({}), '/d');
    let attempts = 0;
    const lazy = new LazyLlmProvider(config, silentLog, async () => {
      attempts++;
      if (attempts === 1) throw new Error('node-llama-cpp could not be imported');
      return fakeServer(() => ({ status: 'ok', detail: 'm' }));
    });
    expect(await lazy.currentState()).toMatchObject({ state: 'loading', ready: false });
    expect(await lazy.health()).toEqual({ status: 'down', detail: 'Loading the model' });
    await expect(lazy.start()).rejects.toThrow('could not be imported');
    expect(await lazy.currentState()).toMatchObject({ state: 'error', error: 'node-llama-cpp could not be imported', canRetry: true });
    expect(await lazy.health()).toEqual({ status: 'down', detail: 'node-llama-cpp could not be imported' });
    await lazy.retry();
    expect(attempts).toBe(2);
    expect(await lazy.currentState()).toMatchObject({ state: 'ready', ready: true });
  });
});
