// "Is this session still signed in?" is kept by each process for a minute while it hears the database's announcements
// (session-status.ts, migration 0041): a request then costs no lookup, and a session revoked by any code, in this
// process or another one, is refused at once (another process: current-users.routes.test.ts). On PGlite by default,
// on PostgreSQL with DATABASE_URL.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { buildUsersQuick } from '../../../test/factories.ts';
import { SESSION_STATUS_TTL_MS } from './session-status.ts';

const me = (t: TestApp, auth: { authorization: string }) =>
  t.app.inject({ method: 'GET', url: '/api/auth/me', headers: auth }).then((res) => res.statusCode);

describe('a session kept while the database is heard', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('is looked up once, and still answered from memory after a second', async () => {
    const [u] = await buildUsersQuick(t, 1);
    const lookup = vi.spyOn(t.deps.uow.repos.sessions, 'isFamilyActive');
    try {
      expect(await me(t, u!.auth)).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, SESSION_STATUS_TTL_MS + 100));
      expect(await me(t, u!.auth)).toBe(200);
      expect(lookup).toHaveBeenCalledTimes(1);
    } finally {
      lookup.mockRestore();
    }
  });

  it('is refused at once when revoked outside any request', async () => {
    const [u] = await buildUsersQuick(t, 1);
    expect(await me(t, u!.auth)).toBe(200);
    // The repository's own statement, not the sessions service: only the database can tell this process.
    expect(await t.deps.uow.repos.sessions.revokeAllForUser(u!.user.id)).toHaveLength(1);
    // Well within the second a kept answer stood before the database announced revocations.
    await expect.poll(() => me(t, u!.auth), { timeout: SESSION_STATUS_TTL_MS / 2, interval: 20 }).toBe(401);
  });
});
