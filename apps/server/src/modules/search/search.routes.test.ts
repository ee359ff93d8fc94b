import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResponse } from '@reverie/shared';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { buildCharacter, buildUser } from '../../../test/factories.ts';

// Runs on PGlite by default and on PostgreSQL with DATABASE_URL: the same expectations hold on both.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.modules.characters.services.seeder.run({ art: false });
});
afterAll(() => t.close());

const search = async (qs: string) => {
  const res = await t.app.inject({ url: `/api/search?${qs}` });
  expect(res.statusCode).toBe(200);
  return res.json() as SearchResponse;
};
const charNames = (r: SearchResponse) => r.characters.items.map((i) => i.name);

describe('GET /api/search over the seed catalogue', () => {
  it('finds an exact name first', async () => {
    const r = await search('q=Seraphina%20Vale');
    expect(charNames(r)[0]).toBe('Seraphina Vale');
  });

  it('is typo-tolerant: "seraphna" finds Seraphina', async () => {
    expect(charNames(await search('q=seraphna&type[]=characters'))[0]).toBe('Seraphina Vale');
  });

  it('matches prefixes: "vamp" finds the vampires, vampires first', async () => {
    const r = await search('q=vamp&type[]=characters&limit=5');
    expect(r.characters.total).toBeGreaterThanOrEqual(3);
    expect(r.characters.items.slice(0, 3).every((i) => i.tagNames.includes('vampire'))).toBe(true);
  });

  it('ranks a name match above a description mention', async () => {
    const maker = await buildUser(t);
    await buildCharacter(t, maker, { name: 'Quillon Marsh', description: 'Plain.' });
    await buildCharacter(t, maker, { name: 'Other One', description: 'She once met Quillon at a fair.' });
    expect(charNames(await search('q=quillon'))).toEqual(['Quillon Marsh', 'Other One']);
  });

  it('finds creators and tags; type[] limits the groups', async () => {
    const r = await search('q=velvet');
    expect(r.creators.items.map((c) => c.username)).toContain('velvetnoir');
    expect(r.creators.items[0]!.characters).toBeGreaterThan(0);
    const tags = await search('q=vampire&type[]=tags');
    expect(tags.tags.items[0]!.name).toBe('vampire');
    expect(tags.characters).toEqual({ items: [], total: 0 });
    expect(tags.creators).toEqual({ items: [], total: 0 });
    const one = await search('q=vampire&type=tags');
    expect(one.tags.total).toBe(tags.tags.total);
  });

  it('keeps NSFW items flagged, drops them with filter=sfw', async () => {
    const all = await search('q=demon&type[]=characters&limit=50');
    const sfw = await search('q=demon&type[]=characters&limit=50&filter=sfw');
    expect(sfw.characters.items.every((i) => !i.nsfw)).toBe(true);
    expect(all.characters.total).toBeGreaterThanOrEqual(sfw.characters.total);
  });

  it('never returns private characters', async () => {
    const maker = await buildUser(t);
    await buildCharacter(t, maker, { name: 'Veiled Qorvath', visibility: 'private' });
    await buildCharacter(t, maker, { name: 'Linked Qorvath', visibility: 'unlisted' });
    expect((await search('q=qorvath')).characters.total).toBe(0);
  });

  it.each([
    ['', /Type something to search for|q is required/],
    ['q=', /Type something to search for/],
    [`q=${'a'.repeat(101)}`, /at most 100 characters/],
    ['q=x&type[]=planets', /type must be characters, creators or tags/],
    ['q=x&limit=500', /limit must be at most 50/],
    ['q=x&page=-1', /page must be at least 1/],
  ])('refuses "%s" with 400', async (qs, message) => {
    const res = await t.app.inject({ url: `/api/search?${qs}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
  });

  it('indexes a very long description from its start, within the index entry limit, and still finds the name', async () => {
    const maker = await buildUser(t);
    const words = Array.from({ length: 1500 }, (_, i) => `lexeme${i}x`).join(' ');
    await buildCharacter(t, maker, { name: 'Verbosa Longwind', description: `Opening harbourmaster tale. ${words}` });
    expect(charNames(await search('q=verbosa&type[]=characters'))).toContain('Verbosa Longwind');
    expect(charNames(await search('q=harbourmaster&type[]=characters'))).toContain('Verbosa Longwind');
    // The tail of the description no longer fits and is not indexed; the page still works.
    expect(charNames(await search('q=lexeme1499x&type[]=characters'))).not.toContain('Verbosa Longwind');
  });

  it('completes a word to the names and tags it begins, and keeps prefixes for words it does not', async () => {
    const maker = await buildUser(t);
    await buildCharacter(t, maker, { name: 'Zephyrine Okonkwo', description: 'A windmill keeper.' });
    expect(charNames(await search('q=zephyr&type[]=characters'))).toContain('Zephyrine Okonkwo');
    expect(charNames(await search('q=windmi&type[]=characters'))).toContain('Zephyrine Okonkwo');
    expect(charNames(await search('q=zephyr%20okon&type[]=characters'))[0]).toBe('Zephyrine Okonkwo');
  });

  it('treats tsquery syntax as plain text: the operators are ignored, the word is searched', async () => {
    const r = await search(`q=${encodeURIComponent("vamp & !(')")}`);
    const plain = await search('q=vamp');
    expect(r.characters.total).toBeGreaterThan(0);
    expect(r.characters.items.map((c) => c.id)).toEqual(plain.characters.items.map((c) => c.id));
    expect(r.characters.total).toBe(plain.characters.total);
  });
});
