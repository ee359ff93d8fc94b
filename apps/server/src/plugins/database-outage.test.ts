// The database going away under traffic: every route answers 503 DATABASE_UNAVAILABLE (not 500), no promise is left
// without a handler (a chat message whose session this process already knew used to leave its context read
// unhandled, which ends a Node process), and the server serves again by itself once the database is back.
// On PostgreSQL the app connects through a TCP proxy that the test cuts and restores; on PGlite the handle is closed
// (there is no coming back from that, so recovery is checked on PostgreSQL).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { buildCharacter, buildUser, csrfHeaders, type BuiltUser } from '../../test/factories.ts';
import { startTcpProxy, type TcpProxy } from '../../test/tcp-proxy.ts';

const baseUrl = process.env.DATABASE_URL?.startsWith('postgres') ? process.env.DATABASE_URL : undefined;

let t: TestApp;
let proxy: TcpProxy | undefined;
let dropDatabase: (() => Promise<void>) | undefined;
let user: BuiltUser;
let characterId: string;
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => void unhandled.push(reason);

async function adminQuery(sql: string) {
  const c = new pg.Client({ connectionString: baseUrl });
  await c.connect();
  await c.query(sql);
  await c.end();
}

beforeAll(async () => {
  process.on('unhandledRejection', onUnhandled);
  if (baseUrl) {
    const target = new URL(baseUrl);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const name = `t_${randomUUID().replaceAll('-', '')}`;
    await adminQuery(`CREATE DATABASE ${name}`);
    dropDatabase = () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    const viaProxy = new URL(baseUrl);
    viaProxy.host = `127.0.0.1:${proxy.port}`;
    viaProxy.pathname = `/${name}`;
    t = await createTestApp({ DATABASE_URL: viaProxy.toString() });
  } else {
    t = await createTestApp();
  }
  user = await buildUser(t);
  characterId = (await buildCharacter(t, user)).id;
});
afterAll(async () => {
  process.off('unhandledRejection', onUnhandled);
  proxy?.restore();
  await t?.close();
  await proxy?.close();
  await dropDatabase?.();
});

/** A spread of routes: anonymous and signed-in reads, a sign-in, a chat message, a write. */
async function requests() {
  const csrf = await csrfHeaders(t.app);
  return Promise.all([
    t.app.inject({ method: 'GET', url: '/api/characters?limit=5' }),
    t.app.inject({ method: 'GET', url: `/api/characters/${characterId}` }),
    t.app.inject({ method: 'GET', url: '/api/auth/me', headers: user.auth }),
    t.app.inject({ method: 'GET', url: '/api/notifications', headers: user.auth }),
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: csrf,
      payload: { emailOrUsername: user.user.username, password: user.password },
    }),
    t.app.inject({ method: 'POST', url: `/api/favorites/toggle`, headers: { ...user.auth, ...csrf }, payload: { characterId } }),
  ]);
}

describe('a database outage', () => {
  it('answers 503 DATABASE_UNAVAILABLE everywhere, leaves no promise unhandled, and recovers by itself', async () => {
    // This process now knows the session is signed in (for a second), so the chat message below does not wait for
    // its context read to check it: that read must still be handled when it fails.
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: user.auth })).statusCode).toBe(200);
    if (proxy) proxy.cut();
    else await t.deps.database.close();
    const chat = await t.app.inject({
      method: 'POST',
      url: `/api/chat/${characterId}/message`,
      headers: user.auth,
      payload: { content: 'Still there?' },
    });
    const during = [chat, ...(await requests())];
    for (const res of during) {
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json().error).toEqual({
        code: 'DATABASE_UNAVAILABLE',
        message: 'The database is not answering at the moment. Try again in a minute.',
      });
      expect(res.headers['retry-after']).toBe('10');
    }
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(503);
    expect(health.json().database.status).toBe('down');
    // Rejections are reported on the next turns of the event loop.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(unhandled).toEqual([]);

    if (!proxy) return;
    proxy.restore();
    let after = await requests();
    for (let i = 0; i < 50 && after.some((r) => r.statusCode === 503); i++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      after = await requests();
    }
    expect(after.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).json().database.status).toBe('ok');
  });
});
