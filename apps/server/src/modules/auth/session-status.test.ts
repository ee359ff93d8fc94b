// The per-request revocation check must stay cheap (one lookup per session per second at most) and still see a
// revocation made by another server process within a second.
import { describe, expect, it } from 'vitest';
import { LISTENING_TTL_MS, SESSION_STATUS_TTL_MS, SessionStatusCache } from './session-status.ts';

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

describe('SessionStatusCache while it hears the database', () => {
  const setup = () => {
    let now = 0;
    let lookups = 0;
    const revokedInDatabase = new Set<string>();
    const cache = new SessionStatusCache(
      async (id) => {
        lookups += 1;
        return !revokedInDatabase.has(id);
      },
      undefined,
      () => now,
    );
    cache.listening(true);
    return { cache, revokedInDatabase, lookups: () => lookups, later: (ms: number) => (now += ms) };
  };

  it('keeps an answer a minute, and drops it when the session is announced', async () => {
    const t = setup();
    expect(await t.cache.isActive('family-c')).toBe(true);
    t.later(LISTENING_TTL_MS - 1);
    expect(await t.cache.isActive('family-c')).toBe(true);
    expect(t.lookups()).toBe(1);
    t.revokedInDatabase.add('family-c');
    t.cache.changed('family-c');
    expect(await t.cache.isActive('family-c')).toBe(false);
    expect(t.lookups()).toBe(2);
  });

  it('does not keep an answer read while its session changed', async () => {
    let answer!: (active: boolean) => void;
    let lookups = 0;
    const cache = new SessionStatusCache(() => {
      lookups += 1;
      return lookups === 1 ? new Promise<boolean>((resolve) => (answer = resolve)) : Promise.resolve(false);
    }, undefined);
    cache.listening(true);
    const reading = cache.isActive('family-d');
    while (lookups === 0) await Promise.resolve();
    // The database answered "active", then the revocation committed and was announced before the answer came back.
    cache.changed('family-d');
    answer(true);
    expect(await reading).toBe(true);
    expect(await cache.isActive('family-d')).toBe(false);
    expect(lookups).toBe(2);
  });

  it('asks once for requests that come together', async () => {
    const t = setup();
    expect(await Promise.all([t.cache.isActive('family-e'), t.cache.isActive('family-e')])).toEqual([true, true]);
    expect(t.lookups()).toBe(1);
  });

  it('goes back to a second when the listening connection is lost', async () => {
    const t = setup();
    await t.cache.isActive('family-f');
    t.cache.listening(false);
    await t.cache.isActive('family-f');
    t.later(SESSION_STATUS_TTL_MS);
    await t.cache.isActive('family-f');
    expect(t.lookups()).toBe(3);
  });
});
