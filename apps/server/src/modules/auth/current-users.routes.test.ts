// GET /api/auth/me answers from the process's copy of the user's row (current-users.ts); these check that a change
// made by any code, in this process or another one, reaches it; and a session's revocation, which reaches the other
// process the same way. On PGlite by default, on PostgreSQL with DATABASE_URL.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { buildUsersQuick } from '../../../test/factories.ts';
import { SESSION_STATUS_TTL_MS } from './session-status.ts';

const POSTGRES = process.env.DATABASE_URL?.startsWith('postgres') ?? false;

async function coinsOf(t: TestApp, auth: { authorization: string }): Promise<number> {
  const res = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: auth });
  expect(res.statusCode).toBe(200);
  return res.json<{ coins: number }>().coins;
}

describe('GET /api/auth/me from the kept row', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('reads the database once, then answers from memory', async () => {
    const [u] = await buildUsersQuick(t, 1);
    const read = vi.spyOn(t.deps.uow.repos.users, 'findById');
    try {
      const first = await coinsOf(t, u!.auth);
      expect(await coinsOf(t, u!.auth)).toBe(first);
      expect(await coinsOf(t, u!.auth)).toBe(first);
      expect(read.mock.calls.filter(([id]) => id === u!.user.id)).toHaveLength(1);
    } finally {
      read.mockRestore();
    }
  });

  it('sees a change written outside any request (by the ledger)', async () => {
    const [u] = await buildUsersQuick(t, 1);
    const before = await coinsOf(t, u!.auth);
    // The ledger's own statement, outside any request of this user: only the database can tell the cache.
    await t.deps.uow.repos.ledger.addToBalance(u!.user.id, 7);
    await expect.poll(() => coinsOf(t, u!.auth), { timeout: 1000, interval: 20 }).toBe(before + 7);
  });

  it('sees a profile change made through the API at once', async () => {
    const [u] = await buildUsersQuick(t, 1);
    await coinsOf(t, u!.auth);
    const put = await t.app.inject({ method: 'PUT', url: '/api/auth/me', headers: u!.auth, payload: { bio: 'Changed just now' } });
    expect(put.statusCode).toBe(200);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: u!.auth });
    expect(me.json<{ bio: string }>().bio).toBe('Changed just now');
  });
});

describe.runIf(POSTGRES)('two processes on one database', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await createTestApp();
    // The same keys (DATA_DIR), as the processes of one deployment share them.
    b = await createTestApp({ DATABASE_URL: (a.config.database as { url: string }).url, DATA_DIR: a.config.dataDir });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('a change made in one process reaches the other within a second', async () => {
    const [u] = await buildUsersQuick(a, 1);
    const before = await coinsOf(b, u!.auth);
    await a.deps.uow.repos.ledger.addToBalance(u!.user.id, 3);
    await expect.poll(() => coinsOf(b, u!.auth), { timeout: 1000, interval: 20 }).toBe(before + 3);
  });

  it('a session revoked in one process is refused by the other at once (session-status.ts)', async () => {
    const [u] = await buildUsersQuick(a, 1);
    const me = () => b.app.inject({ method: 'GET', url: '/api/auth/me', headers: u!.auth }).then((res) => res.statusCode);
    expect(await me()).toBe(200);
    await a.deps.uow.repos.sessions.revokeAllForUser(u!.user.id);
    await expect.poll(me, { timeout: SESSION_STATUS_TTL_MS / 2, interval: 20 }).toBe(401);
  });
});
