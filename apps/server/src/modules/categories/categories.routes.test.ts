import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TAG_CATEGORIES } from '@reverie/shared';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { buildCharacter, buildUser } from '../../../test/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('categories', () => {
  it('lists curated collections first, then every tag category, with sizes', async () => {
    // Sizes counted against what the other tests of this file have made (they may run first).
    const gothic = async () =>
      ((await t.app.inject({ url: '/api/categories' })).json().items as { slug: string; characterCount: number }[]).find(
        (c) => c.slug === 'gothic-nights',
      )!.characterCount;
    const before = await gothic();
    const maker = await buildUser(t);
    await buildCharacter(t, maker, { tags: ['vampire', 'horror', 'sfw'] });
    const { items } = (await t.app.inject({ url: '/api/categories' })).json();
    expect(items.slice(0, 3).map((c: { name: string }) => c.name)).toEqual(['Trending', 'New', 'Top rated']);
    expect(items.filter((c: { kind: string }) => c.kind === 'tag-category').map((c: { name: string }) => c.name)).toEqual(
      TAG_CATEGORIES.map((c) => c.category),
    );
    expect(items.find((c: { slug: string }) => c.slug === 'gothic-nights')).toMatchObject({
      name: 'Gothic nights',
      characterCount: before + 1,
    });
    const collections = (await t.app.inject({ url: '/api/categories?kind=collection' })).json().items;
    expect(collections.every((c: { kind: string }) => c.kind === 'collection')).toBe(true);
  });

  it('lists a category by slug or id; unknown → 404, malformed → 400', async () => {
    const maker = await buildUser(t);
    const vamp = await buildCharacter(t, maker, { tags: ['vampire', 'romance', 'sfw'] });
    await buildCharacter(t, maker, { tags: ['android', 'sci-fi', 'sfw'] });
    const bySlug = (await t.app.inject({ url: '/api/categories/gothic-nights/characters' })).json();
    expect(bySlug.items.map((i: { id: string }) => i.id)).toContain(vamp.id);
    expect(bySlug.items.every((i: { tagNames: string[] }) => i.tagNames.some((n) => ['vampire', 'horror', 'cursed'].includes(n)))).toBe(
      true,
    );
    const { items } = (await t.app.inject({ url: '/api/categories' })).json();
    const id = items.find((c: { slug: string }) => c.slug === 'gothic-nights').id;
    expect((await t.app.inject({ url: `/api/categories/${id}/characters` })).json().total).toBe(bySlug.total);
    expect((await t.app.inject({ url: '/api/categories/no-such-thing/characters' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/categories/bad%20slug!/characters' })).statusCode).toBe(400);
  });

  it('"Trending" lists what was liked this week', async () => {
    const maker = await buildUser(t);
    const hot = await buildCharacter(t, maker);
    const fan = await buildUser(t);
    await t.app.inject({ method: 'PUT', url: `/api/characters/${hot.id}/likes`, headers: fan.auth });
    const trending = (await t.app.inject({ url: '/api/categories/trending/characters' })).json();
    expect(trending.items[0].id).toBe(hot.id);
    const listed = (await t.app.inject({ url: '/api/categories?kind=collection' })).json().items;
    expect(listed.find((c: { slug: string }) => c.slug === 'trending').characterCount).toBe(trending.total);
    expect((await t.app.inject({ url: '/api/characters?sort=trending' })).json().items[0].id).toBe(hot.id);
  });
});
