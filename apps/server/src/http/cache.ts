// In-memory cache for hot, rarely-changing JSON reads (tags, categories, plans, legal pages): the body is
// serialised once and served as a string with a strong ETag (If-None-Match → 304), so a hit costs neither
// a database round trip nor response validation/serialisation. Writers call invalidate(scope); with Redis
// the invalidation is published so every server process drops its copy.
import { createHash } from 'node:crypto';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { subscribeChannel } from '../lib/redis.ts';
import { COMPRESS_MIN_BYTES, negotiate, type Encoding } from './compress.ts';

export interface CachedBody {
  /** The serialised JSON body. */
  body: string;
  /** Strong validator, quoted: "…" */
  etag: string;
}

export interface ResponseCacheOptions {
  /** Publishes and receives invalidations when several processes run. */
  redis?: Redis;
  /** Redis key/channel prefix (REDIS_PREFIX). */
  prefix?: string;
  /** Entries older than this are reloaded (a safety net; invalidation is the primary mechanism). Default 10 min. */
  ttlMs?: number;
  /** Upper bound on entries per cache; the oldest go first. Default 500. */
  maxEntries?: number;
  onError?: (err: Error) => void;
}

interface Entry extends CachedBody {
  at: number;
}

export function etagOf(body: string): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

/** A body that never changes while the process runs (built from its configuration), serialised once. */
export function fixedBody(value: unknown): CachedBody {
  const body = JSON.stringify(value);
  return { body, etag: etagOf(body) };
}

/** If-None-Match matches (weak comparison, as RFC 9110 requires for GET). */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === bare);
}

export class ResponseCache {
  private readonly entries = new Map<string, Entry>();
  private readonly inflight = new Map<string, Promise<CachedBody>>();
  /** Bumped by every invalidation of a scope: a load that started before it is not stored. */
  private readonly generations = new Map<string, number>();
  private readonly listeners = new Map<string, Array<() => void>>();
  private readonly channel: string;
  private subscriber: Redis | undefined;
  private readonly ttlMs: number;
  private readonly maxEntries: number;

  private constructor(private readonly opts: ResponseCacheOptions) {
    this.channel = `${opts.prefix ?? ''}cache:invalidate`;
    this.ttlMs = opts.ttlMs ?? 600_000;
    this.maxEntries = opts.maxEntries ?? 500;
  }

  /** With `redis`, subscribes (on a duplicate connection) to invalidations from other processes. */
  static async create(opts: ResponseCacheOptions = {}): Promise<ResponseCache> {
    const cache = new ResponseCache(opts);
    if (opts.redis) cache.subscriber = await subscribeChannel(opts.redis, cache.channel, (scope) => cache.dropLocal(scope), opts.onError);
    return cache;
  }

  /**
   * The cached body for `scope` + `variant` (e.g. 'tags', 'category=x&limit=0'), loading and serialising it
   * once when missing. Concurrent misses share one load.
   */
  async get(scope: string, variant: string, load: () => Promise<unknown>): Promise<CachedBody> {
    const key = `${scope}\u0000${variant}`;
    const hit = this.entries.get(key);
    if (hit && Date.now() - hit.at < this.ttlMs) return hit;
    const pending = this.inflight.get(key);
    if (pending) return pending;
    const generation = this.generations.get(scope) ?? 0;
    const promise = (async () => {
      try {
        const body = JSON.stringify(await load());
        const entry: Entry = { body, etag: etagOf(body), at: Date.now() };
        if ((this.generations.get(scope) ?? 0) === generation) {
          if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
          this.entries.set(key, entry);
        }
        return entry;
      } finally {
        this.inflight.delete(key);
      }
    })();
    this.inflight.set(key, promise);
    return promise;
  }

  /** Drops every entry of `scope` here and, with Redis, in every other process. */
  async invalidate(scope: string): Promise<void> {
    this.dropLocal(scope);
    if (this.opts.redis) {
      try {
        await this.opts.redis.publish(this.channel, scope);
      } catch (err) {
        this.opts.onError?.(err as Error);
      }
    }
  }

  /**
   * Runs `listener` whenever `scope` is invalidated, here or (with Redis) in another process: how a cache kept
   * outside this one (search word expansions, feed totals) learns that its data changed.
   */
  onInvalidate(scope: string, listener: () => void): void {
    this.listeners.set(scope, [...(this.listeners.get(scope) ?? []), listener]);
  }

  private dropLocal(scope: string) {
    for (const listener of this.listeners.get(scope) ?? []) listener();
    this.generations.set(scope, (this.generations.get(scope) ?? 0) + 1);
    const prefix = `${scope}\u0000`;
    for (const key of this.entries.keys()) if (key.startsWith(prefix)) this.entries.delete(key);
    for (const key of this.inflight.keys()) if (key.startsWith(prefix)) this.inflight.delete(key);
  }

  async close(): Promise<void> {
    const sub = this.subscriber;
    this.subscriber = undefined;
    if (sub) await sub.quit().catch(() => sub.disconnect());
  }
}

/**
 * Sends a cached body with its ETag and Cache-Control, or 304 Not Modified when the client already has it.
 * The string goes out as-is: no response-schema validation or serialisation on this path.
 */
export function sendCached(
  request: FastifyRequest,
  reply: FastifyReply,
  cached: CachedBody,
  cacheControl = 'public, max-age=60, must-revalidate',
) {
  reply.header('etag', cached.etag).header('cache-control', cacheControl).header('vary', 'accept-encoding');
  if (matchesIfNoneMatch(request.headers['if-none-match'], cached.etag)) return reply.code(304).send();
  reply.type('application/json; charset=utf-8');
  const encoding = cached.body.length >= COMPRESS_MIN_BYTES ? negotiate(request.headers['accept-encoding']) : undefined;
  if (!encoding) return reply.send(bytesOnce(cached));
  // Compressed once per cached body and encoding (at a stronger setting than per-request compression can afford),
  // then every hit sends the same bytes; the onSend compressor skips answers that already carry an encoding.
  return reply.header('content-encoding', encoding).send(compressedOnce(cached, encoding));
}

const compressedBodies = new WeakMap<CachedBody, Partial<Record<Encoding, Buffer>>>();
const encodedBodies = new WeakMap<CachedBody, Buffer>();

/** The body as bytes, encoded once: a string would be measured and encoded again on every hit (#45). */
function bytesOnce(cached: CachedBody): Buffer {
  let bytes = encodedBodies.get(cached);
  if (!bytes) encodedBodies.set(cached, (bytes = Buffer.from(cached.body)));
  return bytes;
}

function compressedOnce(cached: CachedBody, encoding: Encoding): Buffer {
  let variants = compressedBodies.get(cached);
  if (!variants) compressedBodies.set(cached, (variants = {}));
  return (variants[encoding] ??=
    encoding === 'br'
      ? zlib.brotliCompressSync(cached.body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 6 } })
      : zlib.gzipSync(cached.body, { level: 6 }));
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Hot-read cache (http/cache.ts): `get(scope, variant, load)` + `sendCached`; `invalidate(scope)` on writes. */
    responseCache: ResponseCache;
  }
}

/** Decorates `app.responseCache` (shared through Redis when given) and closes it with the app. */
export async function registerResponseCache(app: FastifyInstance, opts: ResponseCacheOptions): Promise<ResponseCache> {
  const cache = await ResponseCache.create(opts);
  app.decorate('responseCache', cache);
  app.addHook('onClose', () => cache.close());
  return cache;
}
