// HTTP plumbing of the speech backends: bounded answers, timeouts, and every failure as a SpeechBackendError.
import type { ProviderStatus } from '../health.ts';
import { SpeechBackendError } from './speech-provider.ts';

const MAX_ERROR_TEXT = 300;
export const MAX_AUDIO_BYTES = 16 * 1024 * 1024;

export function baseUrlOf(url: string): string {
  return url.replace(/\/+$/, '').replace(/\/v1$/, '');
}

function errorText(body: string): string {
  try {
    const j = JSON.parse(body) as { error?: unknown; detail?: unknown; message?: unknown };
    const e = j.error ?? j.detail ?? j.message;
    if (typeof e === 'string') return e.slice(0, MAX_ERROR_TEXT);
    const m = (e as { message?: unknown } | undefined)?.message;
    if (typeof m === 'string') return m.slice(0, MAX_ERROR_TEXT);
  } catch {
    // not JSON
  }
  return body.replace(/\s+/g, ' ').trim().slice(0, MAX_ERROR_TEXT) || 'no details';
}

/** The answer's body, refused past `limit` bytes. */
export async function readLimited(res: Response, limit: number, what: string): Promise<Buffer> {
  if (!res.body) return Buffer.alloc(0);
  const chunks: Buffer[] = [];
  let size = 0;
  const reader = res.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      throw new SpeechBackendError('MALFORMED', `The ${what} sent an answer that is too large.`);
    }
    chunks.push(Buffer.from(value));
  }
  return Buffer.concat(chunks);
}

/** fetch with a timeout; network failures, timeouts and non-2xx answers become SpeechBackendError. */
export async function call(url: string, init: RequestInit & { timeoutMs: number }, what: string): Promise<Response> {
  const timeout = AbortSignal.timeout(init.timeoutMs);
  const signal = init.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal });
  } catch (err) {
    if (timeout.aborted)
      throw new SpeechBackendError('UNAVAILABLE', `The ${what} did not answer within ${Math.round(init.timeoutMs / 1000)} s.`);
    const cause = (err as { cause?: { code?: string } }).cause?.code ?? (err as Error).message;
    throw new SpeechBackendError('UNAVAILABLE', `The ${what} cannot be reached (${cause}).`);
  }
  if (!res.ok) {
    const detail = errorText(await res.text().catch(() => ''));
    const code = res.status === 400 || res.status === 422 ? 'REFUSED' : 'UNAVAILABLE';
    throw new SpeechBackendError(code, `The ${what} answered ${res.status}: ${detail}`);
  }
  return res;
}

/** Health by reaching the server at all (any HTTP answer is up), kept for 30 s. */
export function reachability(url: string, what: string): () => Promise<ProviderStatus> {
  let cached: { at: number; status: ProviderStatus } | undefined;
  return async () => {
    if (cached && Date.now() - cached.at < 30_000) return cached.status;
    let status: ProviderStatus;
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(3000) });
      await res.body?.cancel().catch(() => {});
      status = { status: 'ok' };
    } catch (err) {
      const cause = (err as { cause?: { code?: string } }).cause?.code ?? (err as Error).message;
      status = { status: 'down', detail: `The ${what} at ${url} cannot be reached (${cause}).` };
    }
    cached = { at: Date.now(), status };
    return status;
  };
}
