// The model's state as the pages read it: GET /api/chat/status and the health check agree, and
// POST /api/chat/status/retry checks again (here: a model server that was down and came up).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ChatStatus } from '@reverie/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { buildStaff } from '../../../test/staff.ts';
import { buildCharacter, buildUser, csrfHeaders } from '../../../test/factories.ts';
import type { LlmProvider } from '../../providers/llm/index.ts';
import { OPERATOR_CAN_FIX } from './model-status.ts';

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

describe('a model download that failed, as users and admins read it (#46.5)', () => {
  let t: TestApp;
  beforeAll(async () => {
    // A model host that refuses connections, and no retries: the download fails at once.
    const probe = http.createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
    const port = (probe.address() as AddressInfo).port;
    await new Promise((r) => probe.close(r));
    // No local model file (the tests' default): the model is downloaded.
    const env: Record<string, string> = {
      LLM_PROVIDER: 'embedded',
      LLM_MODEL_URL: `http://127.0.0.1:${port}/m/tiny.gguf`,
      LLM_DOWNLOAD_RETRIES: '0',
    };
    t = await createTestApp({ ...env, LLM_MODEL_PATH: undefined as unknown as string });
    // Production starts the model at once; a test app on first use.
    await (t.deps.llm as LlmProvider & { start(): Promise<unknown> }).start();
  });
  afterAll(async () => {
    await t?.close();
  });

  const status = async (headers: Record<string, string> = {}) =>
    (await t.app.inject({ url: '/api/chat/status', headers })).json() as ChatStatus;

  it("tells a guest or a user what happened without the server's settings, and an admin the settings too", async () => {
    await expect.poll(async () => (await status()).state, { timeout: 10_000 }).toBe('error');
    const user = await buildUser(t);
    for (const seen of [await status(), await status(user.auth)]) {
      expect(seen).toMatchObject({ canRetry: true });
      expect(seen.problem).toMatch(/^Cannot reach the model host/);
      expect(seen.problem).toContain(OPERATOR_CAN_FIX);
      expect(`${seen.problem} ${seen.message}`).not.toMatch(/LLM_|_PATH|_URL/);
    }
    // An admin's token carries the role from its sign-in: signed in again after the role was given.
    const staff = await buildStaff(t, 'admin');
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: await csrfHeaders(t.app),
      payload: { emailOrUsername: staff.user.username, password: staff.password },
    });
    expect(login.statusCode, login.body).toBe(200);
    const seen = await status({ authorization: `Bearer ${(login.json() as { accessToken: string }).accessToken}` });
    expect(seen.problem).toMatch(/set LLM_MODEL_PATH to a \.gguf file/);
    expect(seen.message).toMatch(/LLM_PROVIDER=openai/);
    // Sending a message is refused in the same plain words.
    const character = await buildCharacter(t, user, { name: 'Steady Person' });
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/chat/${character.id}/message`,
      headers: user.auth,
      payload: { content: 'Hi' },
    });
    expect(sent.statusCode).toBe(503);
    expect(sent.json().message).toContain(OPERATOR_CAN_FIX);
    expect(sent.json().message).not.toMatch(/LLM_/);
  });
});
