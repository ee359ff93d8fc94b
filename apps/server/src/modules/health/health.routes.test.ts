import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';

describe('GET /api/health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
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
});
