// The hot-read cache behind a scratch route: one load for many reads, ETag/304, invalidation (also across
// processes through Redis pub/sub when REDIS_URL is set).
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { etagOf, matchesIfNoneMatch, registerResponseCache, ResponseCache, sendCached } from './cache.ts';

let apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.map((a) => a.close()));
  apps = [];
});

/** A scratch app with GET /things?kind= served from the cache and POST /things that changes the data. */
async function scratchApp(store: { items: string[]; loads: number }, redis?: Redis, prefix = 'test:') {
  const app = Fastify({ logger: false });
  apps.push(app);
  await registerResponseCache(app, { redis, prefix });
  app.get<{ Querystring: { kind?: string } }>('/things', async (req, reply) => {
    const kind = req.query.kind ?? 'all';
    const cached = await app.responseCache.get('things', `kind=${kind}`, async () => {
      store.loads++;
      return { kind, items: store.items };
    });
    return sendCached(req, reply, cached);
  });
  app.post<{ Body: { item: string } }>('/things', async (req) => {
    store.items = [...store.items, req.body.item];
    await app.responseCache.invalidate('things');
    return { ok: true };
  });
  return app;
}

describe('response cache', () => {
  it('serves many reads from one load, with a strong ETag and the JSON body as sent before', async () => {
    const store = { items: ['a', 'b'], loads: 0 };
    const app = await scratchApp(store);
    const first = await app.inject('/things');
    const second = await app.inject('/things');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ kind: 'all', items: ['a', 'b'] });
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(first.headers.etag).toMatch(/^"[\w-]{20,}"$/);
    expect(second.body).toBe(first.body);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(store.loads).toBe(1);
    // Another variant is its own entry.
    expect((await app.inject('/things?kind=x')).json()).toEqual({ kind: 'x', items: ['a', 'b'] });
    expect(store.loads).toBe(2);
  });

  it('sends a large cached body compressed for clients that accept it, the same bytes on every hit', async () => {
    const store = { items: Array.from({ length: 300 }, (_, i) => `item number ${i}`), loads: 0 };
    const app = await scratchApp(store);
    const a = await app.inject({ url: '/things', headers: { 'accept-encoding': 'gzip, br' } });
    const b = await app.inject({ url: '/things', headers: { 'accept-encoding': 'gzip, br' } });
    expect(a.headers['content-encoding']).toBe('br');
    expect(b.rawPayload.equals(a.rawPayload)).toBe(true);
    expect(JSON.parse(zlib.brotliDecompressSync(a.rawPayload).toString())).toEqual({ kind: 'all', items: store.items });
    const gz = await app.inject({ url: '/things', headers: { 'accept-encoding': 'gzip' } });
    expect(JSON.parse(zlib.gunzipSync(gz.rawPayload).toString()).items).toHaveLength(300);
    const plain = await app.inject('/things');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json().items).toHaveLength(300);
    expect(store.loads).toBe(1);
  });

  it('answers 304 without a body when If-None-Match carries the current ETag (also weak or in a list)', async () => {
    const app = await scratchApp({ items: ['a'], loads: 0 });
    const { etag } = (await app.inject('/things')).headers as { etag: string };
    for (const header of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const res = await app.inject({ url: '/things', headers: { 'if-none-match': header } });
      expect(res.statusCode).toBe(304);
      expect(res.body).toBe('');
      expect(res.headers.etag).toBe(etag);
    }
    const stale = await app.inject({ url: '/things', headers: { 'if-none-match': '"something-else"' } });
    expect(stale.statusCode).toBe(200);
  });

  it('a write invalidates: the next read loads again and the ETag changes', async () => {
    const store = { items: ['a'], loads: 0 };
    const app = await scratchApp(store);
    const before = await app.inject('/things');
    await app.inject({ method: 'POST', url: '/things', payload: { item: 'b' } });
    const after = await app.inject({ url: '/things', headers: { 'if-none-match': before.headers.etag as string } });
    expect(after.statusCode).toBe(200);
    expect(after.json()).toEqual({ kind: 'all', items: ['a', 'b'] });
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(store.loads).toBe(2);
  });

  it('shares one load between concurrent misses and does not keep a result loaded before an invalidation', async () => {
    const cache = await ResponseCache.create();
    let loads = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const slow = async () => {
      loads++;
      await gate;
      return { v: loads };
    };
    const a = cache.get('s', 'v', slow);
    const b = cache.get('s', 'v', slow);
    await cache.invalidate('s');
    release();
    expect((await a).body).toBe('{"v":1}');
    expect((await b).body).toBe('{"v":1}');
    expect(loads).toBe(1);
    // The in-flight result predates the invalidation: not stored, the next read loads again.
    await cache.get('s', 'v', async () => ({ v: 'fresh' }));
    expect((await cache.get('s', 'v', slow)).body).toBe('{"v":"fresh"}');
  });

  it('tells listeners of a scope when it is invalidated (caches kept elsewhere drop their copies)', async () => {
    const cache = await ResponseCache.create();
    const heard: string[] = [];
    cache.onInvalidate('characters', () => heard.push('characters'));
    cache.onInvalidate('tags', () => heard.push('tags'));
    await cache.invalidate('characters');
    expect(heard).toEqual(['characters']);
    await cache.close();
  });

  it('helpers: etagOf is stable per body; If-None-Match parsing', () => {
    expect(etagOf('{"a":1}')).toBe(etagOf('{"a":1}'));
    expect(etagOf('{"a":1}')).not.toBe(etagOf('{"a":2}'));
    expect(matchesIfNoneMatch(undefined, '"x"')).toBe(false);
    expect(matchesIfNoneMatch('"y"', '"x"')).toBe(false);
    expect(matchesIfNoneMatch(' "y" , W/"x"', '"x"')).toBe(true);
  });
});

describe.skipIf(!process.env.REDIS_URL)('response cache across processes (Redis pub/sub)', () => {
  it('an invalidation in one process drops the copy in another', async () => {
    const prefix = `cache-test-${process.pid}-${Date.now()}:`;
    const redisA = new Redis(process.env.REDIS_URL!);
    const redisB = new Redis(process.env.REDIS_URL!);
    try {
      const store = { items: ['a'], loads: 0 };
      const appA = await scratchApp(store, redisA, prefix);
      const appB = await scratchApp(store, redisB, prefix);
      await appA.inject('/things');
      await appB.inject('/things');
      expect(store.loads).toBe(2);
      await appA.inject({ method: 'POST', url: '/things', payload: { item: 'b' } });
      // The message reaches B's subscriber asynchronously.
      const until = Date.now() + 2_000;
      let body: unknown;
      while (Date.now() < until) {
        body = (await appB.inject('/things')).json();
        if (JSON.stringify(body).includes('"b"')) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      expect(body).toEqual({ kind: 'all', items: ['a', 'b'] });
      // Listeners in the other process hear it too.
      const heard: string[] = [];
      appB.responseCache.onInvalidate('characters', () => heard.push('B'));
      await appA.responseCache.invalidate('characters');
      await expect.poll(() => heard, { timeout: 2_000 }).toEqual(['B']);
    } finally {
      await Promise.all(apps.map((a) => a.close()));
      apps = [];
      redisA.disconnect();
      redisB.disconnect();
    }
  });
});
