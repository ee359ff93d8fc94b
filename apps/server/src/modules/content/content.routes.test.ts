import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import {
  FAQ_GROUPS,
  LEGAL_SLUGS,
  type FaqResponse,
  type GuideDocument,
  type GuidesResponse,
  type LegalDocument,
  type LegalIndexResponse,
} from '@reverie/shared/schemas/content';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';

describe('content routes', () => {
  let t: TestApp;
  let app: FastifyInstance;
  beforeAll(async () => {
    t = await createTestApp({ OPERATOR_NAME: 'Example Operations Ltd', DMCA_AGENT: 'Jo Agent', PUBLIC_URL: 'https://reverie.example' });
    app = t.app;
  });
  afterAll(() => t.close());

  const get = (url: string) => app.inject({ method: 'GET', url });

  it('lists every legal page in route order with one-line summaries', async () => {
    const res = await get('/api/legal');
    expect(res.statusCode).toBe(200);
    const { items } = res.json<LegalIndexResponse>();
    expect(items.map((i) => i.slug)).toEqual([...LEGAL_SLUGS]);
    for (const item of items) {
      expect(item.summary).not.toContain('\n');
      expect(item.updatedAt).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(item.wordCount).toBeGreaterThan(350);
    }
  });

  it.each(LEGAL_SLUGS)('serves /api/legal/%s with its table of contents and operator facts filled in', async (slug) => {
    const res = await get(`/api/legal/${slug}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('max-age');
    const page = res.json<LegalDocument>();
    expect(page.slug).toBe(slug);
    expect(page.toc.length).toBeGreaterThanOrEqual(4);
    for (const entry of page.toc) expect(page.markdown).toContain(entry.text);
    expect(page.markdown).not.toMatch(/\{\{[A-Z_]+\}\}/);
    expect(page.markdown).not.toContain('[set OPERATOR_NAME]');
    expect(page.readingMinutes).toBe(Math.max(1, Math.round(page.wordCount / 220)));
  });

  it('names the operator variables a page prints that are not set (for the development banner)', async () => {
    // OPERATOR_NAME, DMCA_AGENT and PUBLIC_URL are set here; the address, the e-mail and the governing law are not.
    const privacy = (await get('/api/legal/privacy')).json<LegalDocument>();
    expect(privacy.unsetFacts).toEqual(['OPERATOR_ADDRESS', 'OPERATOR_EMAIL']);
    expect(privacy.markdown).toContain('https://reverie.example');
    const terms = (await get('/api/legal/terms')).json<LegalDocument>();
    expect(terms.unsetFacts).toContain('GOVERNING_LAW');
    const index = (await get('/api/legal')).json<LegalIndexResponse>();
    expect(index.items[0]).not.toHaveProperty('unsetFacts');

    const full = await createTestApp({
      OPERATOR_NAME: 'Example Operations Ltd',
      OPERATOR_ADDRESS: '1 Example Street',
      OPERATOR_EMAIL: 'hello@reverie.example',
      PRIVACY_EMAIL: 'privacy@reverie.example',
      DMCA_AGENT: 'Jo Agent',
      GOVERNING_LAW: 'the laws of Example',
      PUBLIC_URL: 'https://reverie.example',
    });
    try {
      const page = (await full.app.inject({ url: '/api/legal/privacy' })).json<LegalDocument>();
      expect(page.unsetFacts).toEqual([]);
      expect(page.markdown).toContain('privacy@reverie.example');
      expect(page.markdown).not.toContain('[set ');
    } finally {
      await full.close();
    }
  });

  it('serves the product spec short names terms and privacy as { title, updatedAt, markdown }', async () => {
    const terms = (await get('/api/legal/terms')).json<LegalDocument>();
    expect(terms).toMatchObject({ slug: 'terms-of-service', title: 'Terms of Service' });
    expect(terms.markdown).toContain('Example Operations Ltd');
    const privacy = (await get('/api/legal/privacy')).json<LegalDocument>();
    expect(privacy.title).toBe('Privacy Policy');
    expect(privacy.updatedAt).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(privacy.markdown).toContain('argon2id');
    const cookies = (await get('/api/legal/cookie-policy')).json<LegalDocument>();
    for (const key of [
      'rv_csrf',
      'rv_access_token',
      'rv_refresh_token',
      'rv_user',
      'rv_age_verified',
      'rv_guest_favorites',
      'reverie_show_nsfw',
    ]) {
      expect(cookies.markdown).toContain(`\`${key}\``);
    }
  });

  it('answers 404 for an unknown legal page and 400 for a malformed slug', async () => {
    const missing = await get('/api/legal/not-a-policy');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error: { code: 'NOT_FOUND', message: 'Legal page not found' } });
    const bad = await get('/api/legal/..%2Fetc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('VALIDATION_FAILED');
  });

  it('lists at least nine guides with covers, reading times and valid related guides', async () => {
    const { items } = (await get('/api/guides')).json<GuidesResponse>();
    expect(items.length).toBeGreaterThanOrEqual(9);
    const slugs = new Set(items.map((g) => g.slug));
    for (const slug of [
      'getting-started',
      'writing-a-great-character',
      'greetings-and-example-dialogue',
      'lorebooks',
      'chat-tips-swipes-and-memory',
      'image-prompts-and-pictures-in-chat',
      'coins-and-memberships',
      'safety-privacy-and-blocking',
      'importing-and-exporting-character-cards',
    ]) {
      expect(slugs.has(slug), slug).toBe(true);
    }
    expect(items[0]?.slug).toBe('getting-started');
    for (const g of items) {
      expect(g.wordCount, g.slug).toBeGreaterThanOrEqual(600);
      expect(g.wordCount, g.slug).toBeLessThanOrEqual(1300);
      expect(g.readingMinutes).toBe(Math.max(1, Math.round(g.wordCount / 220)));
      expect(g.coverUrl).toBe(`/api/guides/${g.slug}/cover.svg`);
    }
  });

  it('serves every guide with its table of contents and related guides, and 404 for an unknown slug', async () => {
    const { items } = (await get('/api/guides')).json<GuidesResponse>();
    for (const { slug } of items) {
      const res = await get(`/api/guides/${slug}`);
      expect(res.statusCode).toBe(200);
      const guide = res.json<GuideDocument>();
      expect(guide.toc.length, slug).toBeGreaterThanOrEqual(4);
      expect(guide.related.length).toBeGreaterThan(0);
      expect(guide.related.map((r) => r.slug)).not.toContain(slug);
    }
    const res = await get('/api/guides/no-such-guide');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Guide not found');
  });

  it('serves each cover as a deterministic, script-free SVG', async () => {
    const a = await get('/api/guides/lorebooks/cover.svg');
    expect(a.statusCode).toBe(200);
    expect(a.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(a.headers['x-content-type-options']).toBe('nosniff');
    expect(a.body).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(a.body).not.toMatch(/<script|on\w+=|href=/i);
    expect((await get('/api/guides/lorebooks/cover.svg')).body).toBe(a.body);
    expect((await get('/api/guides/getting-started/cover.svg')).body).not.toBe(a.body);
    expect((await get('/api/guides/nope/cover.svg')).statusCode).toBe(404);
  });

  it('every cover is well-formed SVG that an image decoder renders at 1200×630', async () => {
    const { items } = (await get('/api/guides')).json<GuidesResponse>();
    for (const { slug } of items) {
      const svg = (await get(`/api/guides/${slug}/cover.svg`)).body;
      const png = await sharp(Buffer.from(svg)).png().toBuffer();
      const meta = await sharp(png).metadata();
      expect([slug, meta.width, meta.height]).toEqual([slug, 1200, 630]);
    }
  });

  it('serves the FAQ grouped: accounts, chat, images, coins and memberships, safety, creators', async () => {
    const res = await get('/api/faq');
    expect(res.statusCode).toBe(200);
    const { groups } = res.json<FaqResponse>();
    expect(groups.map((g) => g.id)).toEqual([...FAQ_GROUPS]);
    const ids = new Set<string>();
    for (const g of groups) {
      expect(g.items.length).toBeGreaterThanOrEqual(4);
      for (const item of g.items) {
        expect(item.question.endsWith('?') || item.question.endsWith('.')).toBe(true);
        expect(item.answer.length).toBeGreaterThan(40);
        expect(ids.has(item.id)).toBe(false);
        ids.add(item.id);
      }
    }
  });
});
