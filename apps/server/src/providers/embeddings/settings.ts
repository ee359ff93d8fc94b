// Embedding settings: the EMBEDDING_* environment schema and the factory's config (no node-llama-cpp import here).
import { z } from 'zod';

export interface EmbeddingConfig {
  provider: 'embedded' | 'openai' | 'off';
  dataDir: string;
  modelPath?: string;
  modelUrl?: string;
  modelSha256?: string;
  threads?: number;
  gpu?: 'auto' | false;
  baseUrl?: string;
  apiKey?: string;
  model?: string;
  timeoutMs?: number;
  /** Prepended to a question / a passage before embedding (EMBEDDING_QUERY_PREFIX, EMBEDDING_PASSAGE_PREFIX). */
  prefixes?: { query?: string; passage?: string };
  /** pgvector where the database has it (`auto`; `hnsw` also indexes on PGlite), or never (`off`): db/vector-index.ts. */
  vectorIndex: 'auto' | 'hnsw' | 'off';
}

export const EmbeddingEnvSchema = z.object({
  EMBEDDING_PROVIDER: z.enum(['embedded', 'openai', 'off']).default('embedded'),
  EMBEDDING_MODEL_PATH: z.string().min(1).optional(),
  EMBEDDING_MODEL_URL: z.string().url().optional(),
  EMBEDDING_MODEL_SHA256: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'EMBEDDING_MODEL_SHA256 must be 64 hex characters')
    .optional(),
  EMBEDDING_THREADS: z.coerce.number().int().min(1).max(256).optional(),
  EMBEDDING_BASE_URL: z.string().url().optional(),
  EMBEDDING_API_KEY: z.string().optional(),
  EMBEDDING_MODEL: z.string().min(1).optional(),
  EMBEDDING_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  EMBEDDING_QUERY_PREFIX: z.string().max(200).optional(),
  EMBEDDING_PASSAGE_PREFIX: z.string().max(200).optional(),
  VECTOR_INDEX: z.enum(['auto', 'hnsw', 'off']).default('auto'),
});
export type EmbeddingEnv = z.infer<typeof EmbeddingEnvSchema>;

/** EMBEDDING_* into the factory's config; throws a readable error for an incomplete openai setup. */
export function embeddingConfigFromEnv(env: EmbeddingEnv & { LLM_GPU?: string }, dataDir: string): EmbeddingConfig {
  if (env.EMBEDDING_PROVIDER === 'openai' && (!env.EMBEDDING_BASE_URL || !env.EMBEDDING_MODEL)) {
    throw new Error('EMBEDDING_PROVIDER=openai needs EMBEDDING_BASE_URL (e.g. http://127.0.0.1:8081/v1) and EMBEDDING_MODEL');
  }
  const prefixes = {
    ...(env.EMBEDDING_QUERY_PREFIX !== undefined ? { query: env.EMBEDDING_QUERY_PREFIX } : {}),
    ...(env.EMBEDDING_PASSAGE_PREFIX !== undefined ? { passage: env.EMBEDDING_PASSAGE_PREFIX } : {}),
  };
  return {
    provider: env.EMBEDDING_PROVIDER,
    dataDir,
    modelPath: env.EMBEDDING_MODEL_PATH,
    modelUrl: env.EMBEDDING_MODEL_URL,
    modelSha256: env.EMBEDDING_MODEL_SHA256?.toLowerCase(),
    threads: env.EMBEDDING_THREADS,
    gpu: env.LLM_GPU === 'false' ? false : 'auto',
    baseUrl: env.EMBEDDING_BASE_URL,
    apiKey: env.EMBEDDING_API_KEY || undefined,
    model: env.EMBEDDING_MODEL,
    timeoutMs: env.EMBEDDING_TIMEOUT_MS,
    prefixes,
    vectorIndex: env.VECTOR_INDEX,
  };
}
