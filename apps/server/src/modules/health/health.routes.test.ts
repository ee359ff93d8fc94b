import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { buildUser } from '../../../test/factories.ts';
import { buildStaff } from '../../../test/staff.ts';

describe('GET /api/health', () => {
  let t: TestApp;
  beforeAll(async () => {
    // An image backend whose address must not reach strangers (the local media folder's path neither).
    t = await createTestApp({ IMAGES_PROVIDER: 'sdapi', IMAGES_URL: 'http://127.0.0.1:9/sd' });
  });
  afterAll(() => t.close());

  it('reports the database driver and redis state', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe('ok');
    expect(body.database).toEqual({ status: 'ok', driver: process.env.DATABASE_URL ? 'postgres' : 'pglite' });
    expect(body.redis.status).toBe(process.env.REDIS_URL ? 'ok' : 'disabled');
    expect(res.headers['x-request-id']).toMatch(/^[\w-]{8,}$/);
  });

  it('echoes a well-formed incoming request id', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'abc12345-trace' } });
    expect(res.headers['x-request-id']).toBe('abc12345-trace');
  });

  it('sends security headers with a CSP', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('shows states and kinds to everyone, and details (addresses, paths, errors) only to administrators', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/health' });
    const user = await buildUser(t);
    const signedIn = await t.app.inject({ method: 'GET', url: '/api/health', headers: user.auth });
    for (const res of [anonymous, signedIn]) {
      expect(res.body).not.toContain('127.0.0.1:9');
      expect(res.body).not.toContain(t.config.dataDir);
      expect(res.body).not.toContain('"detail"');
      expect(res.json().providers.images).toEqual({ kind: 'sdapi', status: 'down' });
      expect(res.json().providers.storage).toEqual({ kind: 'local', status: 'ok' });
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/health/details' })).statusCode).toBe(401);
    const refused = await t.app.inject({ method: 'GET', url: '/api/health/details', headers: user.auth });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('This area is for moderators and administrators.');
    const moderator = await buildStaff(t, 'moderator');
    expect((await t.app.inject({ method: 'GET', url: '/api/health/details', headers: moderator.auth })).json().message).toBe(
      'Only administrators can do this.',
    );
    const admin = await buildStaff(t, 'admin');
    const details = await t.app.inject({ method: 'GET', url: '/api/health/details', headers: admin.auth });
    expect(details.statusCode).toBe(200);
    expect(details.json().providers.images.detail).toContain('127.0.0.1:9');
  });
});
