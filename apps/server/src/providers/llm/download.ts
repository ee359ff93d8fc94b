// First-start model download: streams LLM_MODEL_URL into DATA_DIR/models/<name>.part, resumes with an HTTP Range
// request after an interrupted connection (in this run or a previous one), verifies the SHA-256 when known and only
// then renames the file into place, so a file without `.part` is always complete.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';

export interface DownloadProgress {
  receivedBytes: number;
  totalBytes: number | undefined;
  /** 0–100 with one decimal, undefined when the server sends no length. */
  percent: number | undefined;
}

export interface DownloadOptions {
  url: string;
  dir: string;
  /** Defaults to the last path segment of the URL. */
  fileName?: string;
  sha256?: string;
  signal?: AbortSignal;
  onProgress?: (p: DownloadProgress) => void;
  /** Minimum time between progress callbacks (the final one always fires). */
  progressIntervalMs?: number;
  /** Attempts after a network error or 5xx/408/429, each resuming where the last stopped. */
  retries?: number;
  retryDelayMs?: number;
  /** No bytes for this long → the attempt is abandoned and retried. */
  idleTimeoutMs?: number;
  /** Called when an attempt failed and another follows after `delayMs` (attempt counts from 1); `tryNow` starts it at once. */
  onRetry?: (r: { attempt: number; attempts: number; delayMs: number; error: unknown; tryNow: () => void }) => void;
}

export class ModelDownloadError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'ModelDownloadError';
  }
}

export function modelFileName(url: string): string {
  let name: string;
  try {
    name = decodeURIComponent(path.posix.basename(new URL(url).pathname));
  } catch {
    throw new ModelDownloadError(`The model URL is not a valid URL: ${url}`);
  }
  // Keep it a plain file name inside the models folder.
  name = name.replace(/[^\w.-]/g, '_');
  if (!name || name.startsWith('.')) name = `model-${name}`;
  return name.endsWith('.gguf') ? name : `${name}.gguf`;
}

/** Waits `ms` (rejects when `signal` aborts); `wake` is handed a function that ends the wait early. */
const sleep = (ms: number, signal?: AbortSignal, wake?: (now: () => void) => void) =>
  new Promise<void>((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(t);
      reject(signal!.reason);
    };
    const t = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
    wake?.(() => {
      clearTimeout(t);
      signal?.removeEventListener('abort', onAbort);
      resolve();
    });
  });

async function sizeOf(file: string): Promise<number> {
  try {
    return (await stat(file)).size;
  } catch {
    return 0;
  }
}

export async function sha256File(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

function totalFromContentRange(header: string | null): number | undefined {
  const m = header?.match(/\/(\d+)\s*$/);
  return m ? Number(m[1]) : undefined;
}

const retryableStatus = (s: number) => s >= 500 || s === 408 || s === 429;

/** The progress callback, at most every `intervalMs`; `total` is what the server advertised, once known. */
interface Progress {
  total?: number;
  report(received: number, force?: boolean): void;
}

function progressOf(onProgress: DownloadOptions['onProgress'], intervalMs: number): Progress {
  let lastReport = 0;
  const progress: Progress = {
    report(received, force = false) {
      const now = Date.now();
      if (!onProgress || (!force && now - lastReport < intervalMs)) return;
      lastReport = now;
      const total = progress.total;
      const percent = total ? Math.min(100, Math.floor((received / total) * 1000) / 10) : undefined;
      onProgress({ receivedBytes: received, totalBytes: total, percent });
    },
  };
  return progress;
}

/** One attempt's request, and why it stopped: the caller's abort, no data for too long, or the error itself. */
interface Attempt {
  url: string;
  partPath: string;
  signal?: AbortSignal;
  abort: AbortController;
  /** Restarts the idle timer (on every chunk). */
  armIdle(): void;
  progress: Progress;
}

const reasonOf = (a: Attempt, err: unknown) =>
  a.signal?.aborted ? a.signal.reason : a.abort.signal.reason instanceof ModelDownloadError ? a.abort.signal.reason : err;

/** One request, resuming the part file from its size; returns once the part file holds the whole model. */
async function fetchIntoPart(a: Attempt): Promise<void> {
  let offset = await sizeOf(a.partPath);
  let res: Response;
  try {
    res = await fetch(a.url, { headers: offset > 0 ? { range: `bytes=${offset}-` } : {}, signal: a.abort.signal, redirect: 'follow' });
  } catch (err) {
    throw reasonOf(a, err);
  }
  if (res.status === 416 && offset > 0) {
    // The part file already holds everything (or is longer than the file): decide from the advertised size.
    await res.body?.cancel();
    const size = totalFromContentRange(res.headers.get('content-range'));
    if (size !== undefined && size === offset) {
      a.progress.total = size;
      return;
    }
    await rm(a.partPath, { force: true });
    throw new ModelDownloadError('The partial model download did not match the server file; starting again', 416);
  }
  if (!res.ok) {
    await res.body?.cancel().catch(() => {});
    const err = new ModelDownloadError(`Model download failed: ${a.url} answered ${res.status} ${res.statusText}`.trim(), res.status);
    throw retryableStatus(res.status) ? err : Object.assign(err, { fatal: true });
  }
  if (res.status === 200 && offset > 0) offset = 0; // the server ignored the Range header: start over
  const len = Number(res.headers.get('content-length'));
  a.progress.total =
    res.status === 206 ? totalFromContentRange(res.headers.get('content-range')) : Number.isFinite(len) && len > 0 ? len : undefined;
  const received = await writeBody(a, res, offset);
  const total = a.progress.total;
  if (total !== undefined && received < total) throw new ModelDownloadError(`The model download stopped at ${received} of ${total} bytes`);
}

/** Appends the answer's body to the part file (from `offset`); the bytes the part file then holds. */
async function writeBody(a: Attempt, res: Response, offset: number): Promise<number> {
  const fh = await open(a.partPath, offset === 0 ? 'w' : 'a');
  let received = offset;
  try {
    if (!res.body) throw new ModelDownloadError('The model server sent no body');
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      a.armIdle();
      await fh.write(chunk);
      received += chunk.byteLength;
      a.progress.report(received);
    }
  } catch (err) {
    throw reasonOf(a, err);
  } finally {
    await fh.close();
  }
  return received;
}

/** A downloaded file that is not the one expected is deleted, and that is final (no retry). */
async function checkSha256(partPath: string, expected: string): Promise<void> {
  const actual = await sha256File(partPath);
  if (actual === expected) return;
  await rm(partPath, { force: true });
  throw Object.assign(
    new ModelDownloadError(`The downloaded model failed its checksum (expected SHA-256 ${expected}, got ${actual}); the file was deleted`),
    { fatal: true },
  );
}

/** Downloads (or finds) the model and returns its final path. */
export async function downloadModel(opts: DownloadOptions): Promise<string> {
  const { url, dir, signal } = opts;
  const retries = opts.retries ?? 8;
  const retryDelayMs = opts.retryDelayMs ?? 2_000;
  const idleTimeoutMs = opts.idleTimeoutMs ?? 60_000;
  const expected = opts.sha256?.trim().toLowerCase() || undefined;
  if (expected && !/^[0-9a-f]{64}$/.test(expected)) throw new ModelDownloadError('The model SHA-256 must be 64 hex characters');
  const finalPath = path.join(dir, opts.fileName ?? modelFileName(url));
  const partPath = `${finalPath}.part`;
  if ((await sizeOf(finalPath)) > 0) return finalPath;
  await mkdir(dir, { recursive: true });
  const progress = progressOf(opts.onProgress, opts.progressIntervalMs ?? 500);

  for (let attempt = 0; ; attempt++) {
    signal?.throwIfAborted();
    const abort = new AbortController();
    const onOuterAbort = () => abort.abort(signal?.reason);
    signal?.addEventListener('abort', onOuterAbort, { once: true });
    let idleTimer: NodeJS.Timeout | undefined;
    const armIdle = () => {
      clearTimeout(idleTimer);
      idleTimer = setTimeout(
        () => abort.abort(new ModelDownloadError(`No data from the model server for ${idleTimeoutMs / 1000} s`)),
        idleTimeoutMs,
      );
    };
    try {
      armIdle();
      await fetchIntoPart({ url, partPath, signal, abort, armIdle, progress });
      clearTimeout(idleTimer);
      progress.report(await sizeOf(partPath), true);
      if (expected) await checkSha256(partPath, expected);
      await rename(partPath, finalPath);
      return finalPath;
    } catch (err) {
      if (signal?.aborted) throw signal.reason;
      const fatal = (err as { fatal?: boolean }).fatal === true;
      if (fatal || attempt >= retries) {
        if (err instanceof ModelDownloadError) throw err;
        throw new ModelDownloadError(`Model download failed: ${(err as Error).message}`);
      }
      const delayMs = Math.min(retryDelayMs * 2 ** attempt, 60_000);
      await sleep(delayMs, signal, (tryNow) =>
        opts.onRetry?.({ attempt: attempt + 1, attempts: retries + 1, delayMs, error: err, tryNow }),
      );
    } finally {
      clearTimeout(idleTimer);
      signal?.removeEventListener('abort', onOuterAbort);
    }
  }
}

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'ETIMEDOUT',
  'ECONNRESET',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_SOCKET',
]);

/** The error's own code, or its cause's (fetch wraps socket errors: "fetch failed" with the cause inside). */
function codeOf(err: unknown): string | undefined {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; e = e.cause as typeof e, depth++) {
    if (typeof e.code === 'string') return e.code;
  }
  return undefined;
}

/**
 * What went wrong with a model download, in words a person can act on (without the advice on what to do instead,
 * which the caller adds): "Cannot reach the model host (huggingface.co): is this machine offline?".
 */
export function describeDownloadFailure(err: unknown, url: string): string {
  let host = url;
  try {
    host = new URL(url).host;
  } catch {
    // keep the raw text
  }
  const status = err instanceof ModelDownloadError ? err.status : undefined;
  const message = err instanceof Error ? err.message : String(err);
  if (status === 404 || status === 410) return `The model host (${host}) has no file at that address (${status}): check LLM_MODEL_URL.`;
  if (status === 401 || status === 403) return `The model host (${host}) refused the download (${status}).`;
  if (status !== undefined && status !== 416) return `The model host (${host}) is failing: it answered ${status}.`;
  if (/checksum/.test(message)) return message;
  const code = codeOf(err);
  if (code === 'ENOSPC') return 'The model cannot be saved: the disk is full.';
  if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') return 'The model cannot be saved: the data folder is not writable.';
  // A connection that broke after the file had started (the host closed it, or went quiet) vs. none at all.
  if (/stopped at|No data from the model server|terminated/.test(message))
    return `The model host (${host}) stopped sending the file part-way.`;
  if ((code && NETWORK_CODES.has(code)) || /fetch failed/.test(message))
    return `Cannot reach the model host (${host}): is this machine offline?`;
  return `The model download failed: ${message}`;
}
