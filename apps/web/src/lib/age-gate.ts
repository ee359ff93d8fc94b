// Age gate (product.md §4, §9): a verification is valid only if the flag is true, the version is v3 and it is
// under 30 days old; otherwise it is cleared and the gate shows again.
import { STORAGE_KEYS } from './storage-keys';

export const AGE_GATE = {
  version: 'v3',
  validForMs: 30 * 24 * 60 * 60 * 1000,
  modalDelayMs: 500,
  fadeMs: 300,
  underageRedirectUrl: 'https://www.google.com',
} as const;

/** Tolerated clock skew for a timestamp that lies in the future (clock changed since verification). */
const FUTURE_SKEW_MS = 60_000;

type AgeStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function defaultStorage(): AgeStorage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function clearAgeVerification(storage: AgeStorage | null = defaultStorage()): void {
  if (!storage) return;
  for (const key of [STORAGE_KEYS.ageVerified, STORAGE_KEYS.ageVerifiedAt, STORAGE_KEYS.ageVerifiedVersion]) {
    try {
      storage.removeItem(key);
    } catch {
      // ignore
    }
  }
}

/**
 * True when a valid verification is stored. Anything else (missing, flag not 'true', other version,
 * unreadable/expired/future timestamp) clears the three keys and returns false.
 */
export function isAgeVerified(storage: AgeStorage | null = defaultStorage(), now: number = Date.now()): boolean {
  if (!storage) return false;
  let flag: string | null = null;
  let at: string | null = null;
  let version: string | null = null;
  try {
    flag = storage.getItem(STORAGE_KEYS.ageVerified);
    at = storage.getItem(STORAGE_KEYS.ageVerifiedAt);
    version = storage.getItem(STORAGE_KEYS.ageVerifiedVersion);
  } catch {
    return false;
  }
  const timestamp = at === null || at.trim() === '' ? Number.NaN : Number(at);
  const age = now - timestamp;
  const valid =
    flag === 'true' && version === AGE_GATE.version && Number.isFinite(timestamp) && age < AGE_GATE.validForMs && age > -FUTURE_SKEW_MS;
  if (!valid) clearAgeVerification(storage);
  return valid;
}

/** Records a verification now (flag 'true', timestamp in ms, version v3). Never throws. */
export function storeAgeVerification(storage: AgeStorage | null = defaultStorage(), now: number = Date.now()): void {
  if (!storage) return;
  try {
    storage.setItem(STORAGE_KEYS.ageVerified, 'true');
    storage.setItem(STORAGE_KEYS.ageVerifiedAt, String(now));
    storage.setItem(STORAGE_KEYS.ageVerifiedVersion, AGE_GATE.version);
  } catch {
    // storage full or unavailable: the gate will simply show again next visit
  }
}
