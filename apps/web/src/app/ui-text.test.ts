import { describe, expect, it } from 'vitest';

// Every source file of the app (tests excluded), as text.
const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!../test/**'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** The source without comments: what is left can reach the screen. */
const withoutComments = (source: string) => source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');

describe('UI text', () => {
  it('spells "favorites" one way, as the routes do', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(50);
    const offenders = Object.entries(sources)
      .filter(([, source]) => /favourite/i.test(withoutComments(source)))
      .map(([file]) => file);
    expect(offenders).toEqual([]);
  });
});
