import { Writable } from 'node:stream';
import Fastify from 'fastify';
import helmet from '@fastify/helmet';
import { describe, expect, it } from 'vitest';
import { LeanLogController } from './request-log.ts';
import { helmetHeaders, registerStaticHelmet } from './static-headers.ts';

async function appWithLog(level: string) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, cb) {
      for (const l of chunk.toString().split('\n')) if (l.trim()) lines.push(JSON.parse(l) as Record<string, unknown>);
      cb();
    },
  });
  const app = Fastify({ logger: { level, stream }, logController: new LeanLogController({ slowMs: 50 }) });
  app.get('/fast', async () => ({ ok: true }));
  app.get('/slow', async () => {
    await new Promise((r) => setTimeout(r, 80));
    return { ok: true };
  });
  app.get('/boom', async (_req, reply) => reply.code(503).send({ down: true }));
  return { app, lines };
}

describe('request log', () => {
  it('at info: nothing for fast requests; one line for slow ones and 5xx, without the query string', async () => {
    const { app, lines } = await appWithLog('info');
    for (let i = 0; i < 5; i++) await app.inject('/fast?token=secret-value');
    await app.inject('/slow?token=secret-value');
    await app.inject('/boom');
    await app.inject('/missing');
    await app.close();
    const requestLines = lines.filter((l) => typeof l.path === 'string');
    expect(requestLines.map((l) => [l.msg, l.method, l.path, l.status])).toEqual([
      ['slow request', 'GET', '/slow', 200],
      ['request failed', 'GET', '/boom', 503],
    ]);
    expect(JSON.stringify(lines)).not.toContain('secret-value');
  });

  it('at debug: one line per request', async () => {
    const { app, lines } = await appWithLog('debug');
    await app.inject('/fast');
    await app.inject('/fast?x=1');
    await app.inject('/missing?x=1');
    await app.close();
    expect(lines.filter((l) => l.msg === 'request').map((l) => [l.path, l.status])).toEqual([
      ['/fast', 200],
      ['/fast', 200],
      ['/missing', 404],
    ]);
    expect(lines.map((l) => l.msg)).not.toContain('incoming request');
  });
});

describe('security headers computed once', () => {
  const options = {
    contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], imgSrc: ["'self'", 'data:'], upgradeInsecureRequests: null } },
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' as const },
  };

  it('sends exactly the headers @fastify/helmet sends with the same options', async () => {
    const withPlugin = Fastify();
    await withPlugin.register(helmet, options);
    withPlugin.get('/', async () => ({ ok: true }));
    const precomputed = Fastify();
    await registerStaticHelmet(precomputed, options);
    precomputed.get('/', async () => ({ ok: true }));
    const a = await withPlugin.inject('/');
    const b = await precomputed.inject('/');
    const strip = (h: Record<string, unknown>) => {
      const { date: _d, ...rest } = h;
      return rest;
    };
    expect(strip(b.headers)).toEqual(strip(a.headers));
    expect(b.headers['content-security-policy']).toContain("img-src 'self' data:");
    expect(Object.keys(await helmetHeaders(options))).toContain('strict-transport-security');
    await withPlugin.close();
    await precomputed.close();
  });
});
