import { describe, expect, it } from 'vitest';
import { isAgeVerified, storeAgeVerification } from './age-gate';

const DAY = 24 * 60 * 60 * 1000;
const NOW = 1_750_000_000_000;
const keys = ['rv_age_verified', 'rv_age_verified_at', 'rv_age_verified_version'];
const stored = () => keys.map((k) => localStorage.getItem(k));

describe('age gate', () => {
  it('stores and accepts a fresh verification', () => {
    storeAgeVerification(localStorage, NOW);
    expect(stored()).toEqual(['true', String(NOW), 'v3']);
    expect(isAgeVerified(localStorage, NOW)).toBe(true);
    expect(isAgeVerified(localStorage, NOW + 30 * DAY - 1)).toBe(true);
    expect(stored()).toEqual(['true', String(NOW), 'v3']);
  });

  it('rejects and clears after 30 days', () => {
    storeAgeVerification(localStorage, NOW);
    expect(isAgeVerified(localStorage, NOW + 30 * DAY)).toBe(false);
    expect(stored()).toEqual([null, null, null]);
  });

  it.each([
    ['wrong version', { rv_age_verified: 'true', rv_age_verified_at: String(NOW), rv_age_verified_version: 'v2' }],
    ['flag false', { rv_age_verified: 'false', rv_age_verified_at: String(NOW), rv_age_verified_version: 'v3' }],
    ['missing timestamp', { rv_age_verified: 'true', rv_age_verified_version: 'v3' }],
    ['garbage timestamp', { rv_age_verified: 'true', rv_age_verified_at: 'yesterday', rv_age_verified_version: 'v3' }],
    ['far-future timestamp', { rv_age_verified: 'true', rv_age_verified_at: String(NOW + DAY), rv_age_verified_version: 'v3' }],
  ])('rejects and clears: %s', (_name, values) => {
    for (const [k, v] of Object.entries(values)) localStorage.setItem(k, v);
    expect(isAgeVerified(localStorage, NOW)).toBe(false);
    expect(stored()).toEqual([null, null, null]);
  });

  it('is false with nothing stored', () => {
    expect(isAgeVerified()).toBe(false);
  });
});
