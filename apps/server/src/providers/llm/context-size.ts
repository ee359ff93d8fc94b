// The context size an OpenAI-compatible server runs the model with, read from the server itself:
//   llama.cpp server  GET  <root>/props      default_generation_settings.n_ctx (per slot), or n_ctx
//   vLLM              GET  <base>/models     data[].max_model_len (OpenRouter: data[].context_length)
//   Ollama            POST <root>/api/show   parameters "num_ctx N"; else model_info "<arch>.context_length",
//                                            capped at Ollama's default runtime context (4096) which it uses
//                                            unless num_ctx is set
// <base> is LLM_BASE_URL (…/v1), <root> the same without its trailing /v1. The three are asked at once; the first in
// that order that answers with a number wins. Undefined when none does (the caller falls back to LLM_CONTEXT_SIZE).

export const OLLAMA_DEFAULT_CONTEXT = 4096;

export interface DetectedContext {
  size: number;
  source: 'llama.cpp /props' | 'vLLM /models' | 'Ollama /api/show';
}

const positive = (v: unknown): number | undefined => (typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : undefined);

async function json(url: string, init: RequestInit, timeoutMs: number): Promise<Record<string, unknown> | undefined> {
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    if (!res.ok) {
      await res.body?.cancel().catch(() => {});
      return undefined;
    }
    const body = (await res.json()) as unknown;
    return body && typeof body === 'object' ? (body as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

export function fromLlamaCppProps(props: Record<string, unknown> | undefined): number | undefined {
  const settings = props?.default_generation_settings as Record<string, unknown> | undefined;
  return positive(settings?.n_ctx) ?? positive(props?.n_ctx);
}

export function fromModelList(list: Record<string, unknown> | undefined, model: string): number | undefined {
  const data = Array.isArray(list?.data) ? (list.data as Record<string, unknown>[]) : [];
  const entry = data.find((m) => m?.id === model) ?? (data.length === 1 ? data[0] : undefined);
  return positive(entry?.max_model_len) ?? positive(entry?.context_length);
}

export function fromOllamaShow(show: Record<string, unknown> | undefined): number | undefined {
  if (!show) return undefined;
  const params = typeof show.parameters === 'string' ? show.parameters : '';
  const numCtx = /^\s*num_ctx\s+(\d+)\s*$/m.exec(params);
  if (numCtx) return positive(Number(numCtx[1]));
  const info = (show.model_info ?? {}) as Record<string, unknown>;
  const key = Object.keys(info).find((k) => k.endsWith('.context_length'));
  const trained = key ? positive(info[key]) : undefined;
  return trained ? Math.min(trained, OLLAMA_DEFAULT_CONTEXT) : undefined;
}

export async function detectContextSize(opts: {
  baseUrl: string;
  model: string;
  headers: Record<string, string>;
  timeoutMs?: number;
}): Promise<DetectedContext | undefined> {
  const base = opts.baseUrl.replace(/\/+$/, '');
  const root = base.replace(/\/v1$/, '');
  const timeout = opts.timeoutMs ?? 3_000;
  const headers = { ...opts.headers, accept: 'application/json' };
  const [props, models, show] = await Promise.all([
    json(`${root}/props`, { headers }, timeout),
    json(`${base}/models`, { headers }, timeout),
    json(`${root}/api/show`, { method: 'POST', headers, body: JSON.stringify({ model: opts.model }) }, timeout),
  ]);
  const llama = fromLlamaCppProps(props);
  if (llama) return { size: llama, source: 'llama.cpp /props' };
  const vllm = fromModelList(models, opts.model);
  if (vllm) return { size: vllm, source: 'vLLM /models' };
  const ollama = fromOllamaShow(show);
  if (ollama) return { size: ollama, source: 'Ollama /api/show' };
  return undefined;
}
