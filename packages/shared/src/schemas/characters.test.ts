import { describe, expect, it } from 'vitest';
import { CharactersQuery, MergeLocalBody } from './characters.ts';
import { SearchQuery } from './search.ts';

const firstMessage = (r: { success: boolean; error?: { issues: Array<{ message: string }> } }) => r.error?.issues[0]?.message;

describe('CharactersQuery', () => {
  it('fills defaults from an empty query string', () => {
    expect(CharactersQuery.parse({})).toEqual({ page: 1, limit: 20, sort: 'popular', filter: 'all' });
  });

  it('coerces the query-string numbers and lower-cases the tag', () => {
    expect(CharactersQuery.parse({ page: '3', limit: '50', tag: 'Vampire', sort: 'for-you' })).toMatchObject({
      page: 3,
      limit: 50,
      tag: 'vampire',
      sort: 'for-you',
    });
  });

  it('refuses out-of-range paging and unknown sorts with a readable message', () => {
    expect(firstMessage(CharactersQuery.safeParse({ limit: '500' }))).toBe('limit must be at most 50');
    expect(firstMessage(CharactersQuery.safeParse({ page: '-1' }))).toBe('page must be at least 1');
    expect(firstMessage(CharactersQuery.safeParse({ sort: 'random' }))).toMatch(/^sort must be one of popular/);
    expect(firstMessage(CharactersQuery.safeParse({ tag: 'drop table' }))).toMatch(/tag must be a tag name/);
  });
});

describe('SearchQuery', () => {
  it('accepts one type or several', () => {
    expect(SearchQuery.parse({ q: ' vamp ', type: 'characters' })).toMatchObject({ q: 'vamp', type: 'characters' });
    expect(SearchQuery.parse({ q: 'x', type: ['creators', 'tags'] }).type).toEqual(['creators', 'tags']);
  });

  it('refuses empty, long or control-character text', () => {
    expect(firstMessage(SearchQuery.safeParse({ q: '  ' }))).toBe('Type something to search for');
    expect(SearchQuery.safeParse({ q: 'a'.repeat(101) }).success).toBe(false);
    expect(firstMessage(SearchQuery.safeParse({ q: 'a\u0000b' }))).toBe('Control characters are not allowed');
  });
});

describe('MergeLocalBody', () => {
  it('bounds each list', () => {
    const ids = Array.from({ length: 201 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    expect(MergeLocalBody.safeParse({ likedCharacterIds: ids }).success).toBe(false);
    expect(MergeLocalBody.parse({})).toEqual({ likedCharacterIds: [], favoriteCharacterIds: [] });
  });
});
