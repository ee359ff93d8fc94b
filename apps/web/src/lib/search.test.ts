import { describe, expect, it } from 'vitest';
import { buildSearchPath } from './search';

describe('buildSearchPath', () => {
  it('trims and encodes', () => {
    expect(buildSearchPath('  elf queen  ')).toBe('/search?q=elf%20queen');
    expect(buildSearchPath('a&b=c/ü')).toBe('/search?q=a%26b%3Dc%2F%C3%BC');
  });
  it('is null for empty or blank queries', () => {
    expect(buildSearchPath('')).toBeNull();
    expect(buildSearchPath('   \t\n')).toBeNull();
  });
});
