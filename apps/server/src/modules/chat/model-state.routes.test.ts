// The model's state as the pages read it: GET /api/chat/status and the health check agree, and
// POST /api/chat/status/retry checks again (here: a model server that was down and came up).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ChatStatus } from '@reverie/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';

describe('one model state for /test-chat and /test', () => {
  let t: TestApp;
  let server: http.Server;
  let port: number;
  beforeAll(async () => {
    // A port that answers nothing yet.
    server = http.createServer((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ object: 'list', data: [{ id: 'm' }] }));
      void req;
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as AddressInfo).port;
    await new Promise((r) => server.close(r));
    t = await createTestApp({ LLM_PROVIDER: 'openai', LLM_BASE_URL: `http://127.0.0.1:${port}/v1`, LLM_MODEL: 'm', LLM_RETRIES: '0' });
  });
  afterAll(async () => {
    await t?.close();
    server.closeAllConnections();
    await new Promise((r) => server.close(() => r(undefined)));
  });

  const status = async () => (await t.app.inject('/api/chat/status')).json() as ChatStatus;
  const health = async () => (await t.app.inject('/api/health')).json() as { providers: { llm: { status: string } } };

  it('says a model server that does not answer is not ready, in both; Retry checks again once it answers', async () => {
    const down = await status();
    expect(down).toMatchObject({ provider: 'openai', ready: false, state: 'error', canRetry: true });
    expect(down.problem).toMatch(/^Could not reach the model server/);
    expect(down.message).toMatch(/^The language model is unavailable: Could not reach the model server/);
    expect((await health()).providers.llm.status).toBe('down');

    await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
    // The health check is cached for a few seconds; Retry asks the server again.
    await new Promise((r) => setTimeout(r, 5_100));
    const res = await t.app.inject({ method: 'POST', url: '/api/chat/status/retry' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ready: true, state: 'ready', problem: null, canRetry: false });
    expect(await status()).toMatchObject({ ready: true, state: 'ready' });
    expect((await health()).providers.llm.status).toBe('ok');
  });

  it('limits Retry per address', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) codes.push((await t.app.inject({ method: 'POST', url: '/api/chat/status/retry' })).statusCode);
    expect(codes.filter((c) => c === 429).length).toBeGreaterThanOrEqual(1);
  });
});
