// Language-model settings: the LLM_* environment schema and the factory's config. Kept apart from the providers so
// that reading the configuration does not load llama.cpp (node-llama-cpp is imported only when a model is used).
import { z } from 'zod';
import { MESSAGE_ORDERS, type MessageOrder } from './message-order.ts';

export interface LlmConfig {
  provider: 'embedded' | 'openai';
  dataDir: string;
  modelPath?: string;
  modelUrl?: string;
  modelSha256?: string;
  parallel: number;
  threads?: number;
  contextSize?: number;
  gpu?: 'auto' | false;
  baseUrl?: string;
  apiKey?: string;
  model?: string;
  extendedSampling?: boolean;
  timeouts?: { connectMs?: number; firstTokenMs?: number; idleMs?: number };
  retries?: number;
  /** How messages are ordered for the model's chat template (message-order.ts); default strict. */
  messageOrder?: MessageOrder;
  /** Embedded first-start download: attempts after the first, and the first pause (doubling up to a minute). */
  download?: { retries?: number; retryDelayMs?: number };
}

const optionalInt = (min: number, max: number) => z.coerce.number().int().min(min).max(max).optional();

export const LlmEnvSchema = z.object({
  LLM_PROVIDER: z.enum(['embedded', 'openai']).default('embedded'),
  LLM_MODEL_PATH: z.string().min(1).optional(),
  LLM_MODEL_URL: z.string().url().optional(),
  LLM_MODEL_SHA256: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'LLM_MODEL_SHA256 must be 64 hex characters')
    .optional(),
  LLM_PARALLEL: z.coerce.number().int().min(1).max(64).default(2),
  LLM_CONTEXT_SIZE: optionalInt(256, 1_048_576),
  LLM_THREADS: optionalInt(1, 256),
  LLM_GPU: z.enum(['auto', 'false']).default('auto'),
  LLM_BASE_URL: z.string().url().optional(),
  LLM_API_KEY: z.string().optional(),
  LLM_MODEL: z.string().min(1).optional(),
  LLM_EXTENDED_SAMPLING: z.enum(['true', 'false', '1', '0']).optional(),
  LLM_CONNECT_TIMEOUT_MS: optionalInt(100, 600_000),
  LLM_FIRST_TOKEN_TIMEOUT_MS: optionalInt(100, 3_600_000),
  LLM_IDLE_TIMEOUT_MS: optionalInt(100, 600_000),
  LLM_RETRIES: optionalInt(0, 10),
  LLM_MESSAGE_ORDER: z.enum(MESSAGE_ORDERS).default('strict'),
  LLM_DOWNLOAD_RETRIES: optionalInt(0, 50),
  LLM_DOWNLOAD_RETRY_DELAY_MS: optionalInt(100, 600_000),
});
export type LlmEnv = z.infer<typeof LlmEnvSchema>;

/** Turns parsed LLM_* variables into the factory's config; throws a readable error for an incomplete openai setup. */
export function llmConfigFromEnv(env: LlmEnv, dataDir: string): LlmConfig {
  if (env.LLM_PROVIDER === 'openai' && (!env.LLM_BASE_URL || !env.LLM_MODEL)) {
    throw new Error('LLM_PROVIDER=openai needs LLM_BASE_URL (e.g. http://127.0.0.1:8000/v1) and LLM_MODEL');
  }
  return {
    provider: env.LLM_PROVIDER,
    dataDir,
    modelPath: env.LLM_MODEL_PATH,
    modelUrl: env.LLM_MODEL_URL,
    modelSha256: env.LLM_MODEL_SHA256?.toLowerCase(),
    parallel: env.LLM_PARALLEL,
    threads: env.LLM_THREADS,
    contextSize: env.LLM_CONTEXT_SIZE,
    gpu: env.LLM_GPU === 'false' ? false : 'auto',
    baseUrl: env.LLM_BASE_URL,
    apiKey: env.LLM_API_KEY || undefined,
    model: env.LLM_MODEL,
    extendedSampling: env.LLM_EXTENDED_SAMPLING === 'true' || env.LLM_EXTENDED_SAMPLING === '1',
    timeouts: { connectMs: env.LLM_CONNECT_TIMEOUT_MS, firstTokenMs: env.LLM_FIRST_TOKEN_TIMEOUT_MS, idleMs: env.LLM_IDLE_TIMEOUT_MS },
    retries: env.LLM_RETRIES,
    messageOrder: env.LLM_MESSAGE_ORDER,
    download: { retries: env.LLM_DOWNLOAD_RETRIES, retryDelayMs: env.LLM_DOWNLOAD_RETRY_DELAY_MS },
  };
}
