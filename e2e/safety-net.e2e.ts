// The process-level safety net (apps/server/src/lib/safety-net.ts) in a real server process: errors that escape every
// handler while a request is served — a throw from a callback, an unhandled rejection, an 'error' event nobody
// listens to — are logged, and the process keeps answering, chats included. The errors are injected by a preload
// (fixtures/fault-injector.mjs) that only this test loads.
import net from 'node:net';
import { api, type AuthResponse, type ChatStatus } from '@reverie/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tinyModelPath } from '../apps/server/test/tiny-model.ts';
import { registerReadyUser } from './flows.ts';
import { startServer, type Harness, type ServerProcess } from './harness.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('the safety net keeps the server serving', () => {
  let server: ServerProcess;
  let auth: AuthResponse;
  beforeAll(async () => {
    server = await startServer({
      nodeArgs: ['--import', './e2e/fixtures/fault-injector.mjs'],
      env: { LLM_MODEL_PATH: tinyModelPath(1), LLM_CONTEXT_SIZE: '1024', LLM_THREADS: '1', LLM_GPU: 'false' },
    });
    const suffix = Date.now().toString(36);
    auth = await registerReadyUser({ server } as Harness, {
      email: `net_${suffix}@example.com`,
      username: `net_${suffix}`,
      password: 'keep-going-42',
    });
  });
  afterAll(() => server?.stop());

  const alive = async () => {
    expect(server.child.exitCode).toBeNull();
    expect(server.child.signalCode).toBeNull();
    const res = await fetch(`${server.url}/api/health`);
    expect(res.status).toBe(200);
  };

  it.each([
    ['throw', 'a throw inside a request'],
    ['reject', 'a rejection inside a request'],
    ['emit', 'an unheard error event'],
  ])('an escaped error (%s) is logged and the next requests are answered', async (fault, text) => {
    const res = await fetch(`${server.url}/api/tags`, { headers: { 'x-fault': fault } });
    expect(res.status).toBe(200);
    await expect.poll(() => server.output(), { timeout: 5_000 }).toContain(`injected fault: ${text}`);
    expect(server.output()).toMatch(/caught by the safety net; the server keeps running/);
    await sleep(200);
    await alive();
  });

  it('a chat whose request path hits an escaped error still gets its reply, and so does the next one', async () => {
    const status = (await (await fetch(`${server.url}${api.chat.status.path}`)).json()) as ChatStatus;
    const send = (content: string, fault?: string) =>
      fetch(`${server.url}/api/chat/${status.diagnosticCharacterId}/message`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${auth.accessToken}`,
          'content-type': 'application/json',
          accept: 'text/event-stream',
          ...(fault ? { 'x-fault': fault } : {}),
        },
        body: JSON.stringify({ content }),
      }).then(async (r) => ({ status: r.status, body: await r.text() }));
    const first = await send('Hello through a fault.', 'throw');
    const second = await send('Hello after it.', 'reject');
    for (const r of [first, second]) {
      expect(r.status, r.body).toBe(200);
      expect(r.body).toContain('event: done');
    }
    const third = await send('And once more.');
    expect(third.body).toContain('event: done');
    await alive();
  });
});

// Where the safety net must not keep the process alive: a server that cannot listen serves nothing, so it says why
// in one sentence and exits (it hung before, its start's rejection caught by the net).
describe('a port already in use', () => {
  it('stops the server at once with a sentence that says so', async () => {
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address() as net.AddressInfo;
    try {
      await expect(startServer({ env: { PORT: String(port) }, timeoutMs: 60_000 })).rejects.toThrow(
        new RegExp(
          `exited early \\(code 1[\\s\\S]*Port ${port} on 127\\.0\\.0\\.1 is already in use: stop the program using it, or set PORT`,
        ),
      );
    } finally {
      taken.close();
    }
  }, 90_000);
});
