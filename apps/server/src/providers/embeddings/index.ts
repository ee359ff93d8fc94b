// Embedding provider factory (recall by meaning, modules/memory).
//
// Environment (parsed by config.ts through `EmbeddingEnvSchema`):
//   EMBEDDING_PROVIDER        embedded | openai | off                 default embedded
//   -- embedded (llama.cpp in-process, node-llama-cpp's embedding context) --
//   EMBEDDING_MODEL_PATH      a local .gguf embedding model           default unset → download EMBEDDING_MODEL_URL
//   EMBEDDING_MODEL_URL       GGUF to download into DATA_DIR/models   default EmbeddingGemma 300M Q8_0 (~330 MB)
//   EMBEDDING_MODEL_SHA256    expected SHA-256 of the download        default unset
//   EMBEDDING_THREADS         CPU threads                             default as LLM_THREADS' default
//   -- openai (any OpenAI-compatible /embeddings server) --
//   EMBEDDING_BASE_URL        e.g. http://127.0.0.1:8081/v1           required for openai
//   EMBEDDING_MODEL           model name the server expects           required for openai
//   EMBEDDING_API_KEY         bearer token                            default unset
//   EMBEDDING_TIMEOUT_MS      per request                             default 30000
//   -- both --
//   EMBEDDING_QUERY_PREFIX / EMBEDDING_PASSAGE_PREFIX   text put before a question / a passage
//                             default: EmbeddingGemma's prompts for the default embedded model, none otherwise
import type { HealthRegistry } from '../health.ts';
import type { LlmLog } from '../llm/llm-provider.ts';
import type { Embedder } from './embedder.ts';
import { OffEmbedder } from './off.ts';
import { OpenAiEmbedder } from './openai.ts';
import type { EmbeddingConfig } from './settings.ts';

export * from './embedder.ts';
export * from './settings.ts';
export { OffEmbedder } from './off.ts';
export { OpenAiEmbedder } from './openai.ts';

/**
 * Builds the configured embedder and registers its health. The embedded one loads node-llama-cpp only when started
 * (a dynamic import), so a server that never embeds pays nothing for it.
 */
export async function createEmbedder(config: EmbeddingConfig, o: { log: LlmLog; health: HealthRegistry }): Promise<Embedder> {
  if (config.provider === 'off') return o.health.register(new OffEmbedder());
  if (config.provider === 'openai') {
    if (!config.baseUrl || !config.model) throw new Error('The openai embedding provider needs baseUrl and model');
    const embedder = new OpenAiEmbedder({
      baseUrl: config.baseUrl,
      model: config.model,
      apiKey: config.apiKey,
      timeoutMs: config.timeoutMs,
      prefixes: config.prefixes,
    });
    return o.health.register(embedder);
  }
  const { EmbeddedEmbedder, GEMMA_PREFIXES } = await import('./embedded.ts');
  const usesDefault = !config.modelPath && !config.modelUrl;
  const embedder = new EmbeddedEmbedder({
    modelPath: config.modelPath,
    modelUrl: config.modelUrl,
    modelSha256: config.modelSha256,
    dataDir: config.dataDir,
    threads: config.threads,
    gpu: config.gpu,
    prefixes: { ...(usesDefault ? GEMMA_PREFIXES : {}), ...config.prefixes },
    log: o.log,
  });
  return o.health.register(embedder);
}
