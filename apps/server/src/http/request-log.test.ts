import { Writable } from 'node:stream';
import Fastify from 'fastify';
import helmet from '@fastify/helmet';
import { describe, expect, it } from 'vitest';
import { LazyChildLogger, LeanLogController, lazyChildLoggerFactory } from './request-log.ts';
import { helmetHeaders, registerStaticHelmet } from './static-headers.ts';

async function appWithLog(level: string) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, cb) {
      for (const l of chunk.toString().split('\n')) if (l.trim()) lines.push(JSON.parse(l) as Record<string, unknown>);
      cb();
    },
  });
  const app = Fastify({
    logger: { level, stream },
    logController: new LeanLogController({ slowMs: 50 }),
    childLoggerFactory: lazyChildLoggerFactory,
  });
  app.get('/fast', async () => ({ ok: true }));
  app.get('/slow', async () => {
    await new Promise((r) => setTimeout(r, 80));
    return { ok: true };
  });
  app.get('/boom', async (_req, reply) => reply.code(503).send({ down: true }));
  app.get('/logs', async (req) => {
    req.log.info({ step: 1 }, 'handler line');
    req.log.debug('hidden at info');
    req.log.child({ part: 'x' }).warn('grandchild line');
    return { ok: true };
  });
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
    // Lines written through the request logger carry the request id.
    expect(lines.find((l) => l.msg === 'slow request')?.reqId).toMatch(/^req-/);
  });

  it('the request logger writes with the request id only when used, at enabled levels', async () => {
    const { app, lines } = await appWithLog('info');
    await app.inject('/logs');
    await app.close();
    const handler = lines.find((l) => l.msg === 'handler line');
    expect(handler).toMatchObject({ step: 1, reqId: expect.stringMatching(/^req-/) as unknown });
    expect(lines.find((l) => l.msg === 'grandchild line')).toMatchObject({ part: 'x', reqId: handler?.reqId });
    expect(lines.map((l) => l.msg)).not.toContain('hidden at info');
  });

  it('creates no pino child for a request that logs nothing', () => {
    let children = 0;
    const parent = {
      level: 'info',
      isLevelEnabled: (l: string) => l !== 'debug' && l !== 'trace',
      child: () => {
        children++;
        return parent;
      },
    };
    const lazy = new LazyChildLogger(parent, { reqId: 'r1' }, {});
    lazy.debug('not written');
    expect(lazy.level).toBe('info');
    expect(children).toBe(0);
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
