// HTTP plumbing shared by the image backends: every failure becomes an ImageBackendError whose message a person
// understands, bodies are read with a size limit, and downloaded pictures are checked to be images.
import sharp from 'sharp';
import { ImageBackendError, type GeneratedImage } from './image-provider.ts';

export const MAX_INPUT_PIXELS = 40_000_000;
const MAX_JSON_BYTES = 64 * 1024 * 1024; // base64 images inside JSON (sdapi, openai) are large
const MAX_IMAGE_BYTES = 32 * 1024 * 1024;
const MAX_ERROR_TEXT = 300;

export interface RequestOptions {
  method?: string;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Answer body limit in bytes. */
  limit?: number;
}

function networkReason(err: unknown): string {
  const cause = (err as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (err as Error).message;
}

export function errorText(body: string): string {
  try {
    const j = JSON.parse(body) as Record<string, unknown>;
    const e = j.error;
    if (typeof e === 'string') return e.slice(0, MAX_ERROR_TEXT);
    if (e && typeof e === 'object' && typeof (e as { message?: unknown }).message === 'string')
      return (e as { message: string }).message.slice(0, MAX_ERROR_TEXT);
    for (const k of ['message', 'detail', 'errors']) if (typeof j[k] === 'string') return (j[k] as string).slice(0, MAX_ERROR_TEXT);
  } catch {
    // not JSON
  }
  return body.replace(/\s+/g, ' ').trim().slice(0, MAX_ERROR_TEXT) || 'no details';
}

async function readBody(res: Response, limit: number): Promise<Buffer> {
  if (!res.body) return Buffer.alloc(0);
  const declared = Number(res.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > limit) {
    await res.body.cancel().catch(() => {});
    throw new ImageBackendError('MALFORMED', `The image service sent an answer that is too large (${declared} bytes).`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  // A reader loop rather than for await: the DOM typing of ReadableStream (projects that include this file with the
  // DOM library, such as the browser journeys) has no async iterator.
  const reader = res.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      throw new ImageBackendError('MALFORMED', 'The image service sent an answer that is too large.');
    }
    chunks.push(Buffer.from(value));
  }
  return Buffer.concat(chunks);
}

/** A client for one backend's base URL. */
export class BackendHttp {
  readonly baseUrl: string;
  private readonly headers: Record<string, string>;
  private readonly timeoutMs: number;

  constructor(baseUrl: string, opts: { headers?: Record<string, string>; timeoutMs?: number } = {}) {
    this.baseUrl = baseUrl.replace(/\/+$/, '');
    this.headers = opts.headers ?? {};
    this.timeoutMs = opts.timeoutMs ?? 30_000;
  }

  url(path: string): string {
    return /^https?:\/\//.test(path) ? path : this.baseUrl + path;
  }

  /** Sends a request; a non-2xx answer throws UPSTREAM with the backend's own reason. */
  async request(path: string, opts: RequestOptions = {}): Promise<{ res: Response; body: Buffer }> {
    const timeoutMs = opts.timeoutMs ?? this.timeoutMs;
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout;
    const json = opts.body !== undefined;
    let res: Response;
    try {
      res = await fetch(this.url(path), {
        method: opts.method ?? (json ? 'POST' : 'GET'),
        headers: { ...this.headers, ...(json ? { 'content-type': 'application/json' } : {}), ...opts.headers },
        body: json ? JSON.stringify(opts.body) : undefined,
        signal,
        redirect: 'follow',
      });
    } catch (err) {
      throw (
        this.abortError(err, opts.signal, timeout, timeoutMs) ??
        new ImageBackendError('UNREACHABLE', `The image service could not be reached: ${networkReason(err)} (${this.baseUrl}).`)
      );
    }
    let body: Buffer;
    try {
      body = await readBody(res, opts.limit ?? MAX_JSON_BYTES);
    } catch (err) {
      if (err instanceof ImageBackendError) throw err;
      throw (
        this.abortError(err, opts.signal, timeout, timeoutMs) ??
        new ImageBackendError('UNREACHABLE', `The image service broke off its answer: ${networkReason(err)}.`)
      );
    }
    if (!res.ok) {
      throw new ImageBackendError('UPSTREAM', `The image service answered ${res.status}: ${errorText(body.toString('utf8'))}`, res.status);
    }
    return { res, body };
  }

  async json(path: string, opts: RequestOptions = {}): Promise<unknown> {
    const { body } = await this.request(path, { ...opts, headers: { accept: 'application/json', ...opts.headers } });
    try {
      return JSON.parse(body.toString('utf8'));
    } catch {
      throw new ImageBackendError(
        'MALFORMED',
        `The image service sent an answer we could not read (not JSON: "${body.toString('utf8').slice(0, 60)}").`,
      );
    }
  }

  async download(path: string, signal?: AbortSignal): Promise<Buffer> {
    return (await this.request(path, { signal, limit: MAX_IMAGE_BYTES, timeoutMs: Math.max(this.timeoutMs, 60_000) })).body;
  }

  private abortError(
    err: unknown,
    caller: AbortSignal | undefined,
    timeout: AbortSignal,
    timeoutMs: number,
  ): ImageBackendError | undefined {
    if (caller?.aborted) return new ImageBackendError('CANCELLED', 'The picture was cancelled.');
    if (timeout.aborted || (err as Error).name === 'TimeoutError') {
      return new ImageBackendError('TIMEOUT', `The image service did not answer within ${Math.round(timeoutMs / 1000)} s.`);
    }
    return undefined;
  }
}

/** An object or a MALFORMED error naming what was expected. */
export function expectObject(value: unknown, what: string): Record<string, unknown> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    throw new ImageBackendError('MALFORMED', `The image service sent an answer we could not read (expected ${what}).`);
  }
  return value as Record<string, unknown>;
}

export function malformed(what: string): ImageBackendError {
  return new ImageBackendError('MALFORMED', `The image service sent an answer we could not read (${what}).`);
}

/** Decodes base64 (with or without a data: prefix). */
export function fromBase64(value: unknown, what: string): Buffer {
  if (typeof value !== 'string' || value.length === 0) throw malformed(`${what} is missing`);
  const b64 = value.replace(/^data:[^,]*,/, '');
  if (!/^[A-Za-z0-9+/=\s_-]+$/.test(b64)) throw malformed(`${what} is not base64`);
  return Buffer.from(b64, 'base64');
}

/** Checks that bytes are a picture sharp can decode (pixel-limited) and reads its size and type. */
export async function inspectImage(bytes: Buffer, seed?: number): Promise<GeneratedImage> {
  try {
    const meta = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).metadata();
    if (!meta.width || !meta.height || !meta.format) throw new Error('no size');
    const mime = meta.format === 'jpeg' ? 'image/jpeg' : meta.format === 'svg' ? 'image/svg+xml' : `image/${meta.format}`;
    if (meta.format === 'svg') throw new Error('svg not accepted');
    return { bytes, mime, seed, width: meta.width, height: meta.height };
  } catch (err) {
    if (/pixel limit/i.test((err as Error).message ?? ''))
      throw new ImageBackendError('MALFORMED', 'The image service sent a picture that is too large.');
    throw new ImageBackendError('MALFORMED', 'The image service sent something that is not a picture.');
  }
}

/** Waits, waking early (without throwing) when the signal aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(t);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const t = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}

export const cancelledError = () => new ImageBackendError('CANCELLED', 'The picture was cancelled.');

/** Caches a health answer for a few seconds so a busy health endpoint does not hammer the backend. */
export function cachedHealth(check: () => Promise<{ status: 'ok' | 'down'; detail?: string }>, ttlMs = 5_000) {
  let last: { at: number; value: { status: 'ok' | 'down'; detail?: string } } | undefined;
  return async () => {
    if (last && Date.now() - last.at < ttlMs) return last.value;
    let value: { status: 'ok' | 'down'; detail?: string };
    try {
      value = await check();
    } catch (err) {
      value = {
        status: 'down',
        detail: err instanceof ImageBackendError ? err.message : `The image service could not be checked: ${(err as Error).message}`,
      };
    }
    last = { at: Date.now(), value };
    return value;
  };
}
