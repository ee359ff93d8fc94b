import { describe, expect, it } from 'vitest';
import { timeAgo } from './time-ago';

describe('timeAgo', () => {
  const now = Date.parse('2026-03-12T12:00:00Z');
  it.each([
    ['2026-03-12T11:59:30Z', 'just now'],
    ['2026-03-12T11:55:00Z', '5 min ago'],
    ['2026-03-12T09:00:00Z', '3 h ago'],
    ['2026-03-11T10:00:00Z', 'yesterday'],
    ['2026-03-08T12:00:00Z', '4 days ago'],
    ['2026-01-02T12:00:00Z', '2 Jan 2026'],
  ])('%s → %s', (iso, text) => expect(timeAgo(iso, now)).toBe(text));
});
