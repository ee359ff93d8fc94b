// Verified access tokens, remembered until they expire. Verifying an HS256 JWT through jose costs ~0.3 ms of
// WebCrypto work per request (key import + async HMAC); a signed-in client repeats the same token for up to
// 15 minutes, so the result is kept, keyed by the exact token string, until the token's own `exp`.
// Only successful verifications are kept; a token that fails is verified again each time, as before.
export interface ExpiringClaims {
  /** Milliseconds since the epoch after which the token is no longer accepted. */
  expiresAt: number;
}

/** `exp` (seconds) of a JWT whose signature was already checked; undefined when absent or malformed. */
export function jwtExpiry(token: string): number | undefined {
  const payload = token.split('.')[1];
  if (!payload) return undefined;
  try {
    const exp = (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { exp?: unknown }).exp;
    return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : undefined;
  } catch {
    return undefined;
  }
}

export class VerifiedTokenCache<C> {
  private readonly entries = new Map<string, { claims: C; expiresAt: number }>();

  constructor(
    private readonly verify: (token: string) => Promise<C>,
    private readonly maxEntries = 10_000,
  ) {}

  async get(token: string, now = Date.now()): Promise<C> {
    const hit = this.entries.get(token);
    if (hit) {
      if (now < hit.expiresAt) return hit.claims;
      this.entries.delete(token);
    }
    const claims = await this.verify(token);
    const expiresAt = jwtExpiry(token);
    if (expiresAt !== undefined && now < expiresAt) {
      if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(token, { claims, expiresAt });
    }
    return claims;
  }

  get size() {
    return this.entries.size;
  }
}
