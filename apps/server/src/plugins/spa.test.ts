import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';

let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), 'reverie-dist-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>Reverie</title><div id="root"></div>');
  await writeFile(path.join(dist, 'assets', 'app-abc123.js'), 'console.log("app")');
  t = await createTestApp({ WEB_DIST: dist });
});
afterAll(async () => {
  await t.close();
  await rm(dist, { recursive: true, force: true });
});

describe('SPA serving', () => {
  it('serves index.html for client routes (history fallback), never cached', async () => {
    for (const url of ['/', '/chat/123', '/legal/privacy-policy?x=1', '/definitely-not-a-page']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.body, url).toContain('<div id="root">');
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('serves hashed assets with a long cache and 404s a missing one as JSON', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const missing = await t.app.inject({ method: 'GET', url: '/assets/gone.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('NOT_FOUND');
  });

  it('answers /robots.txt with crawler rules in plain text, not the app shell', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).not.toContain('<div id="root">');
    expect(res.body.split('\n')).toEqual(
      expect.arrayContaining(['User-agent: *', 'Disallow: /api/', 'Disallow: /admin', 'Disallow: /settings', 'Allow: /']),
    );
  });

  it('keeps /api/* out of the fallback', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('No route for GET /api/nothing-here');
    const post = await t.app.inject({ method: 'POST', url: '/some/page' });
    expect(post.statusCode).toBe(404);
  });

  it('publishes the OpenAPI document generated from the shared schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/health', '/api/auth/login', '/api/tags', '/api/users/{id}/avatar']),
    );
    expect(doc.components.schemas).toHaveProperty('User');
  });
});
