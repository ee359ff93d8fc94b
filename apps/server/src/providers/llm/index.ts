// Language-model provider factory and its settings.
//
// Environment (parsed by config.ts through `LlmEnvSchema`; nothing here reads process.env):
//   LLM_PROVIDER          embedded | openai                         default embedded
//   -- embedded (llama.cpp in-process) --
//   LLM_MODEL_PATH        a local .gguf file                          default unset → download LLM_MODEL_URL
//   LLM_MODEL_URL         GGUF to download into DATA_DIR/models      default Hermes 3 Llama 3.2 3B Q4_K_M (~2.0 GB)
//   LLM_MODEL_SHA256      expected SHA-256 of the download            default unset (not verified)
//   LLM_DOWNLOAD_RETRIES  attempts after a failed download attempt    default 8
//   LLM_DOWNLOAD_RETRY_DELAY_MS  first pause between attempts, doubling up to 60 s   default 2000
//   LLM_PARALLEL          generations at once (context sequences)     default 2
//   LLM_CONTEXT_SIZE      tokens per sequence (embedded: capped by the model's training context)  default 4096
//                         (openai: read from the server; this is the fallback, and a cap when smaller; default 8192)
//                         (memory: the default model needs ~2.0 GB plus ~0.45 GB of KV cache per 4096-token sequence,
//                         so ~3 GB with the defaults)
//   LLM_THREADS           CPU threads for llama.cpp                   default 1 on ≤2 cores, else cores − 1 (max 16)
//   LLM_GPU               auto | false                                default auto (CPU when no GPU is found)
//   -- openai (any OpenAI-compatible /chat/completions server) --
//   LLM_BASE_URL          e.g. http://127.0.0.1:8000/v1               required for openai
//   LLM_API_KEY           bearer token                                default unset
//   LLM_MODEL             model name the server expects               required for openai
//   LLM_EXTENDED_SAMPLING send top_k/min_p/repeat_penalty (not OpenAI itself)  default false
//   LLM_CONNECT_TIMEOUT_MS     until response headers                 default 15000
//   LLM_FIRST_TOKEN_TIMEOUT_MS from headers to the first token        default 120000
//   LLM_IDLE_TIMEOUT_MS        silence allowed between tokens          default 30000
//   LLM_RETRIES                retries before the first token          default 2
//   -- both --
//   LLM_MESSAGE_ORDER     strict | strict-no-system | any             default strict (message-order.ts)
import { AppError } from '../../lib/app-error.ts';
import { createEmbeddedProvider, DEFAULT_MODEL_URL } from './embedded.ts';
import { LlmUnavailableError, LlmUpstreamError, type LlmLog, type LlmProvider } from './llm-provider.ts';
import { createOpenAiProvider } from './openai.ts';
import type { LlmConfig } from './settings.ts';

export * from './llm-provider.ts';
export * from './settings.ts';
export { DEFAULT_MODEL_URL, defaultThreads } from './embedded.ts';

/** Creates the provider; the embedded one starts downloading/loading in the background (see `info()`). */
export function createLlmProvider(config: LlmConfig, log: LlmLog): LlmProvider {
  if (config.provider === 'openai') {
    if (!config.baseUrl || !config.model) throw new Error('The openai language-model provider needs baseUrl and model');
    return createOpenAiProvider({
      baseUrl: config.baseUrl,
      apiKey: config.apiKey,
      model: config.model,
      contextSize: config.contextSize,
      extendedSampling: config.extendedSampling,
      connectTimeoutMs: config.timeouts?.connectMs,
      firstTokenTimeoutMs: config.timeouts?.firstTokenMs,
      idleTimeoutMs: config.timeouts?.idleMs,
      retries: config.retries,
      messageOrder: config.messageOrder,
      detectContext: true,
      log,
    });
  }
  return createEmbeddedProvider({
    modelPath: config.modelPath,
    modelUrl: config.modelUrl ?? DEFAULT_MODEL_URL,
    modelSha256: config.modelSha256,
    dataDir: config.dataDir,
    parallel: config.parallel,
    threads: config.threads,
    contextSize: config.contextSize,
    gpu: config.gpu ?? 'auto',
    messageOrder: config.messageOrder,
    log,
    download: {
      ...(config.download?.retries !== undefined ? { retries: config.download.retries } : {}),
      ...(config.download?.retryDelayMs !== undefined ? { retryDelayMs: config.download.retryDelayMs } : {}),
    },
  });
}

/**
 * Maps language-model failures to the app's error shape for routes: the model not ready → 503 with its message
 * ("The model is downloading: 42 %") and a Retry-After; an upstream failure → 502 with the upstream's reason.
 * Anything else is returned unchanged.
 */
export function llmErrorToAppError(err: unknown): unknown {
  if (err instanceof LlmUnavailableError) {
    const retryAfter = err.code === 'MODEL_DOWNLOADING' ? 30 : err.code === 'MODEL_LOADING' ? 5 : undefined;
    return new AppError(503, 'UNAVAILABLE', err.message, retryAfter ? { headers: { 'retry-after': String(retryAfter) } } : undefined);
  }
  if (err instanceof LlmUpstreamError) {
    const status = err.code === 'UPSTREAM_TIMEOUT' ? 504 : 502;
    return new AppError(status, 'UNAVAILABLE', err.message);
  }
  return err;
}
