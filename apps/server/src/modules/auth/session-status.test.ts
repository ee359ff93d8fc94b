// The per-request revocation check must stay cheap (one lookup per session per second at most) and still see a
// revocation made by another server process within a second.
import { describe, expect, it } from 'vitest';
import { SESSION_STATUS_TTL_MS, SessionStatusCache } from './session-status.ts';

describe('SessionStatusCache', () => {
  it('asks the database at most once a second per session', async () => {
    let now = 1_000_000;
    let lookups = 0;
    const cache = new SessionStatusCache(
      async () => {
        lookups += 1;
        return true;
      },
      undefined,
      () => now,
    );
    for (let i = 0; i < 100; i++) expect(await cache.isActive('family-a')).toBe(true);
    expect(lookups).toBe(1);
    now += SESSION_STATUS_TTL_MS;
    await cache.isActive('family-a');
    expect(lookups).toBe(2);
  });

  it('sees a revocation made elsewhere within a second, and its own at once', async () => {
    let now = 0;
    const revokedInDatabase = new Set<string>();
    const lookup = async (id: string) => !revokedInDatabase.has(id);
    const here = new SessionStatusCache(lookup, undefined, () => now);
    const elsewhere = new SessionStatusCache(lookup, undefined, () => now);
    expect(await here.isActive('family-b')).toBe(true);
    expect(await elsewhere.isActive('family-b')).toBe(true);

    revokedInDatabase.add('family-b');
    await elsewhere.revoked(['family-b']);
    expect(await elsewhere.isActive('family-b')).toBe(false);
    now += SESSION_STATUS_TTL_MS;
    expect(await here.isActive('family-b')).toBe(false);
  });
});
