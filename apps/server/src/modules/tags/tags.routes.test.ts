import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FALLBACK_TAGS, TAG_CATEGORIES } from '@reverie/shared';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/tags', () => {
  it('limit 0 returns every seeded tag, grouped in category order', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/tags?limit=0' });
    expect(res.statusCode).toBe(200);
    const { items, total } = res.json();
    expect(total).toBe(FALLBACK_TAGS.length);
    expect(items).toHaveLength(FALLBACK_TAGS.length);
    expect(items.length).toBeGreaterThanOrEqual(50);
    const categories = [...new Set(items.map((i: { category: string }) => i.category))];
    expect(categories).toEqual(TAG_CATEGORIES.map((c) => c.category));
    expect(items.filter((i: { isNSFW: boolean }) => i.isNSFW).map((i: { name: string }) => i.name)).toEqual(['nsfw']);
    expect(items.find((i: { name: string }) => i.name === 'female')).toMatchObject({
      displayName: 'Female',
      category: 'Character Type',
      categoryMaxSelections: 1,
      categoryRequired: true,
    });
  });

  it('honours limit and category, and rejects a bad limit', async () => {
    const five = await t.app.inject({ method: 'GET', url: '/api/tags?limit=5' });
    expect(five.json().items).toHaveLength(5);
    const genre = await t.app.inject({ method: 'GET', url: '/api/tags?category=Genre' });
    expect(
      genre
        .json()
        .items.map((i: { name: string }) => i.name)
        .sort(),
    ).toEqual([...TAG_CATEGORIES[1]!.tags].sort());
    expect((await t.app.inject({ method: 'GET', url: '/api/tags?limit=-1' })).statusCode).toBe(400);
  });
});
