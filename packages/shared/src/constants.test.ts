import { describe, expect, it } from 'vitest';
import { FALLBACK_TAGS, tagDisplayName } from './constants.ts';

describe('tag display names', () => {
  it('reads as a person would write the tag', () => {
    expect(tagDisplayName('slice-of-life')).toBe('Slice of Life');
    expect(tagDisplayName('sci-fi')).toBe('Sci-Fi');
    expect(tagDisplayName('non-binary')).toBe('Non-Binary');
    expect(tagDisplayName('native-american')).toBe('Native American');
    expect(tagDisplayName('nsfw')).toBe('NSFW');
  });

  it('never shows a lower-case first word or a leftover hyphen', () => {
    for (const tag of FALLBACK_TAGS) {
      const shown = tagDisplayName(tag.name);
      expect(shown.charAt(0)).toBe(shown.charAt(0).toUpperCase());
      if (tag.name !== 'sci-fi' && tag.name !== 'non-binary') expect(shown).not.toContain('-');
    }
  });
});
