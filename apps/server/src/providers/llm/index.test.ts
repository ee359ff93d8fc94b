import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error.ts';
import { createLlmProvider, DEFAULT_MODEL_URL, llmConfigFromEnv, LlmEnvSchema, llmErrorToAppError } from './index.ts';
import { collectChat, LlmUnavailableError, LlmUpstreamError } from './llm-provider.ts';
import { tinyModelPath } from '../../../test/tiny-model.ts';

const silentLog = { info() {}, warn() {}, error() {} };

describe('LLM settings from the environment', () => {
  it('defaults to the embedded provider, two sequences and the documented model', () => {
    const cfg = llmConfigFromEnv(LlmEnvSchema.parse({}), '/data');
    expect(cfg).toMatchObject({ provider: 'embedded', parallel: 2, gpu: 'auto', dataDir: '/data', modelPath: undefined });
    expect(DEFAULT_MODEL_URL).toMatch(/^https:\/\/huggingface\.co\/.+Q4_K_M\.gguf$/);
  });

  it('parses numbers and the openai settings', () => {
    const cfg = llmConfigFromEnv(
      LlmEnvSchema.parse({
        LLM_PROVIDER: 'openai',
        LLM_BASE_URL: 'http://127.0.0.1:8000/v1',
        LLM_MODEL: 'm',
        LLM_API_KEY: 'k',
        LLM_PARALLEL: '4',
        LLM_IDLE_TIMEOUT_MS: '5000',
        LLM_GPU: 'false',
      }),
      '/d',
    );
    expect(cfg).toMatchObject({
      provider: 'openai',
      baseUrl: 'http://127.0.0.1:8000/v1',
      model: 'm',
      apiKey: 'k',
      parallel: 4,
      gpu: false,
      timeouts: { idleMs: 5000 },
    });
  });

  it('refuses an incomplete openai setup and bad values with readable messages', () => {
    expect(() => llmConfigFromEnv(LlmEnvSchema.parse({ LLM_PROVIDER: 'openai' }), '/d')).toThrow(
      'LLM_PROVIDER=openai needs LLM_BASE_URL (e.g. http://127.0.0.1:8000/v1) and LLM_MODEL',
    );
    expect(LlmEnvSchema.safeParse({ LLM_PARALLEL: '0' }).success).toBe(false);
    expect(LlmEnvSchema.safeParse({ LLM_MODEL_SHA256: 'abc' }).error?.issues[0]?.message).toBe(
      'LLM_MODEL_SHA256 must be 64 hex characters',
    );
  });

  it('takes the message order, strict by default', () => {
    expect(llmConfigFromEnv(LlmEnvSchema.parse({}), '/d').messageOrder).toBe('strict');
    expect(llmConfigFromEnv(LlmEnvSchema.parse({ LLM_MESSAGE_ORDER: 'strict-no-system' }), '/d').messageOrder).toBe('strict-no-system');
    expect(LlmEnvSchema.safeParse({ LLM_MESSAGE_ORDER: 'loose' }).success).toBe(false);
  });

  it('builds a working embedded provider from a model path', async () => {
    const llm = createLlmProvider(
      { provider: 'embedded', modelPath: tinyModelPath(1), dataDir: os.tmpdir(), parallel: 1, threads: 1, contextSize: 512, gpu: false },
      silentLog,
    );
    try {
      await llm.whenReady();
      expect(llm.info()).toMatchObject({ provider: 'embedded', ready: true });
      const r = await collectChat(
        llm.streamChat({
          messages: [{ role: 'user', content: 'hi' }],
          maxTokens: 5,
          // Greedy: the tiny model's sampling at 0.7 drew its end-of-text token before the fifth token once in a run.
          temperature: 0,
          topP: 0.9,
          topK: 40,
          minP: 0.05,
          repeatPenalty: 1.1,
          stop: [],
        }),
      );
      expect(r.finish.usage.completionTokens).toBe(5);
    } finally {
      await llm.close();
    }
  });
});

describe('llmErrorToAppError', () => {
  it('turns "not ready" into 503 with the message and a retry hint, and upstream failures into 502/504', () => {
    const downloading = llmErrorToAppError(new LlmUnavailableError('MODEL_DOWNLOADING', 'The model is downloading: 42 %', 42));
    expect(downloading).toBeInstanceOf(AppError);
    expect(downloading).toMatchObject({
      status: 503,
      code: 'UNAVAILABLE',
      message: 'The model is downloading: 42 %',
      headers: { 'retry-after': '30' },
    });
    const upstream = llmErrorToAppError(new LlmUpstreamError('The model server answered 401: bad key', 401, 'UPSTREAM_HTTP'));
    expect(upstream).toMatchObject({ status: 502, code: 'UNAVAILABLE', message: 'The model server answered 401: bad key' });
    const timeout = llmErrorToAppError(new LlmUpstreamError('The model server sent no reply within 120 s', undefined, 'UPSTREAM_TIMEOUT'));
    expect(timeout).toMatchObject({ status: 504 });
    const other = new Error('x');
    expect(llmErrorToAppError(other)).toBe(other);
  });
});
