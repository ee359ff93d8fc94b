// S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, Backblaze B2, Wasabi, …) over path-style URLs
// (`<endpoint>/<bucket>/<key>`), signed with AWS Signature V4 (sigv4.ts); no SDK. Objects are PUT with their
// content type and a long cache lifetime (keys are never reused). Public URLs are S3_PUBLIC_URL + key when a CDN or
// public bucket domain is set, else the path-style object URL (the bucket must then allow public reads, or the app
// serves objects through `get`).
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { amzDate, encodePath, sha256Hex, sign, type Credentials } from './sigv4.ts';
import {
  assertSafeKey,
  DEFAULT_CACHE_CONTROL,
  type MediaStorage,
  type PutOptions,
  type StoredObject,
  type StoredStream,
} from './storage.ts';

export interface S3Options {
  /** e.g. https://s3.eu-central-1.amazonaws.com, http://127.0.0.1:9000 (MinIO), https://<account>.r2.cloudflarestorage.com */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Base URL objects are served from (CDN); default `<endpoint>/<bucket>/`. */
  publicUrl?: string;
  timeoutMs?: number;
}

export class S3StorageError extends Error {
  readonly status?: number;
  readonly s3Code?: string;
  constructor(message: string, status?: number, s3Code?: string) {
    super(message);
    this.name = 'S3StorageError';
    this.status = status;
    this.s3Code = s3Code;
  }
}

const MAX_OBJECT_BYTES = 64 * 1024 * 1024;
/** Streamed files (account exports, up to ACCOUNT_EXPORT_MAX_MB) get longer than one small request. */
const STREAM_TIMEOUT_MS = 30 * 60_000;

function xmlField(xml: string, field: string): string | undefined {
  return new RegExp(`<${field}>([^<]{0,500})</${field}>`).exec(xml)?.[1];
}

export class S3MediaStorage implements MediaStorage {
  readonly name = 'storage';
  readonly kind = 's3';
  private readonly endpoint: URL;
  private readonly publicBase: string;
  private readonly creds: Credentials;
  private readonly timeoutMs: number;
  private readonly bucket: string;

  constructor(opts: S3Options) {
    this.endpoint = new URL(opts.endpoint.replace(/\/+$/, ''));
    this.bucket = opts.bucket;
    this.creds = { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey, region: opts.region };
    this.publicBase =
      (opts.publicUrl ?? `${this.endpoint.origin}${this.endpoint.pathname.replace(/\/$/, '')}/${opts.bucket}`).replace(/\/+$/, '') + '/';
    this.timeoutMs = opts.timeoutMs ?? 30_000;
  }

  async health() {
    try {
      await this.send('HEAD', undefined);
      return { status: 'ok' as const, detail: `bucket ${this.bucket} at ${this.endpoint.origin}` };
    } catch (err) {
      return { status: 'down' as const, detail: (err as Error).message };
    }
  }

  async put(key: string, bytes: Buffer, contentType: string, opts: PutOptions = {}): Promise<string> {
    assertSafeKey(key);
    await this.send('PUT', key, bytes, { 'content-type': contentType, 'cache-control': opts.cacheControl ?? DEFAULT_CACHE_CONTROL });
    return this.urlFor(key);
  }

  async get(key: string): Promise<StoredObject | null> {
    assertSafeKey(key);
    const res = await this.send('GET', key, undefined, {}, [404]);
    if (res.status === 404) return null;
    return { bytes: res.body, contentType: res.headers.get('content-type') ?? 'application/octet-stream' };
  }

  async exists(key: string): Promise<boolean> {
    assertSafeKey(key);
    return (await this.send('HEAD', key, undefined, {}, [404])).status !== 404;
  }

  async remove(key: string): Promise<void> {
    assertSafeKey(key);
    await this.send('DELETE', key, undefined, {}, [404]);
  }

  urlFor(key: string): string {
    return this.publicBase + encodePath(key);
  }

  /** Whether the object can be read without credentials at its public URL (what a stranger's browser would get). */
  async readableByAnyone(key: string): Promise<boolean> {
    assertSafeKey(key);
    const res = await fetch(this.urlFor(key), { signal: AbortSignal.timeout(this.timeoutMs) });
    await res.arrayBuffer().catch(() => undefined);
    return res.ok;
  }

  keyFromUrl(url: string): string | undefined {
    if (!url.startsWith(this.publicBase)) return undefined;
    try {
      const key = decodeURIComponent(url.slice(this.publicBase.length));
      assertSafeKey(key);
      return key;
    } catch {
      return undefined;
    }
  }

  async removeByUrl(url: string | null | undefined): Promise<void> {
    const key = url ? this.keyFromUrl(url) : undefined;
    if (key) await this.remove(key);
  }

  async putFile(key: string, file: string, contentType: string, opts: PutOptions = {}): Promise<string> {
    assertSafeKey(key);
    const { size } = await stat(file);
    // Streamed, so its hash is not known up front: S3 takes an unsigned payload over the signed headers.
    const res = await this.request('PUT', key, {
      body: Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>,
      payloadHash: 'UNSIGNED-PAYLOAD',
      extra: { 'content-type': contentType, 'content-length': String(size), 'cache-control': opts.cacheControl ?? 'private, no-store' },
      timeoutMs: STREAM_TIMEOUT_MS,
    });
    this.check('PUT', key, res, Buffer.from(await res.arrayBuffer()), []);
    return this.urlFor(key);
  }

  async getStream(key: string): Promise<StoredStream | null> {
    assertSafeKey(key);
    const res = await this.request('GET', key, { payloadHash: sha256Hex(''), extra: {}, timeoutMs: STREAM_TIMEOUT_MS });
    if (res.status === 404 || !res.ok || !res.body) {
      this.check('GET', key, res, Buffer.from(await res.arrayBuffer()), [404]);
      return null;
    }
    const size = Number(res.headers.get('content-length') ?? NaN);
    return { stream: Readable.fromWeb(res.body as NodeReadableStream<Uint8Array>), size };
  }

  /** A signed request for the bucket (key undefined) or one object. */
  private async request(
    method: string,
    key: string | undefined,
    init: { body?: Uint8Array | ReadableStream<Uint8Array>; payloadHash: string; extra: Record<string, string>; timeoutMs: number },
  ): Promise<Response> {
    const basePath = this.endpoint.pathname.replace(/\/$/, '');
    const path = encodePath(`${basePath}/${this.bucket}${key === undefined ? '' : `/${key}`}`);
    const date = amzDate();
    const headers: Record<string, string> = {
      host: this.endpoint.host,
      'x-amz-content-sha256': init.payloadHash,
      'x-amz-date': date,
      ...init.extra,
    };
    const { authorization } = sign({ method, path, headers, payloadHash: init.payloadHash, amzDate: date }, this.creds);
    const { host: _host, ...sent } = headers; // fetch sets Host itself (the same value)
    try {
      return await fetch(`${this.endpoint.origin}${path}`, {
        method,
        headers: { ...sent, authorization },
        body: init.body,
        signal: AbortSignal.timeout(init.timeoutMs),
        ...(init.body instanceof ReadableStream ? { duplex: 'half' } : {}),
      } as RequestInit);
    } catch (err) {
      const cause = (err as { cause?: { code?: string } }).cause?.code ?? (err as Error).message;
      throw new S3StorageError(`The file storage could not be reached: ${cause} (${this.endpoint.origin}).`);
    }
  }

  /** Statuses in `allow` are not errors. */
  private async send(method: string, key: string | undefined, body?: Buffer, extra: Record<string, string> = {}, allow: number[] = []) {
    const res = await this.request(method, key, {
      body: body ? new Uint8Array(body) : undefined,
      payloadHash: sha256Hex(body ?? ''),
      extra,
      timeoutMs: this.timeoutMs,
    });
    const buf = method === 'HEAD' ? Buffer.alloc(0) : Buffer.from(await res.arrayBuffer());
    if (buf.length > MAX_OBJECT_BYTES) throw new S3StorageError('The stored file is too large.');
    this.check(method, key, res, buf, allow);
    return { status: res.status, headers: res.headers, body: buf };
  }

  /** Throws a sentence for a refused request (its status not in `allow`). */
  private check(method: string, key: string | undefined, res: Response, buf: Buffer, allow: number[]): void {
    if (!res.ok && !allow.includes(res.status)) {
      const xml = buf.toString('utf8');
      const code = xmlField(xml, 'Code');
      // HEAD answers carry no body: say what the status usually means.
      const hint =
        res.status === 403
          ? 'access denied: check S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_REGION and the clock'
          : res.status === 404
            ? 'not found'
            : undefined;
      const message = xmlField(xml, 'Message') ?? hint;
      throw new S3StorageError(
        `The file storage refused ${method} ${key ?? `bucket ${this.bucket}`} (${res.status}${code ? ` ${code}` : ''})${message ? `: ${message}` : ''}`,
        res.status,
        code,
      );
    }
  }
}
