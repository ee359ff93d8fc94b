// Login brute-force protection that a stranger cannot turn into a lock-out of the owner:
// - per (account, client IP), tight: 5 consecutive failures block that pair for 15 minutes; a success resets it.
// - per account, loose: after 10 failures in a day from anywhere, each further attempt waits a delay that doubles
//   with every failure (30 s, 1 min, 2 min … at most 15 min). Clients that signed in to the account in the last
//   14 days are exempt, so the owner's own devices keep working during a distributed attack.
// - a successful e-mail link (verification, reset, undoing an e-mail change) lifts both for that account.
import { AppError } from '../../lib/app-error.ts';
import { retryAfterSeconds, type RateLimiter, type RateLimitRule } from '../../lib/rate-limiter.ts';

const MIN = 60_000;
export const LOGIN_PROTECTION = {
  pair: { name: 'login:fail:acct-ip', limit: 5, windowMs: 15 * MIN, blockMs: 15 * MIN },
  accountFailures: { name: 'login:fail:acct', limit: 1_000_000, windowMs: 24 * 60 * MIN },
  accountDelay: { name: 'login:delay:acct', limit: 1, windowMs: 15 * MIN },
  // 14 days: the in-process store times keys out with setTimeout, which cannot wait longer than 24.8 days.
  knownClient: { name: 'login:known', limit: 1_000_000, windowMs: 14 * 24 * 60 * MIN },
} satisfies Record<string, RateLimitRule>;
export const FREE_ACCOUNT_FAILURES = 10;
const FIRST_DELAY_MS = 30_000;
const MAX_DELAY_MS = 15 * MIN;

export class LoginProtection {
  constructor(private readonly limiter: RateLimiter) {}

  /** Throws 429 (Retry-After) when this client may not try this account now. */
  async check(accountKey: string, ip: string): Promise<void> {
    const L = LOGIN_PROTECTION;
    const pair = await this.limiter.get(L.pair, `${accountKey}|${ip}`);
    if (pair && pair.consumed >= L.pair.limit) throw AppError.tooManyRequests(retryAfterSeconds(pair.msBeforeNext));
    const delay = await this.limiter.get(L.accountDelay, accountKey);
    if (delay && delay.consumed > L.accountDelay.limit && !(await this.limiter.get(L.knownClient, `${accountKey}|${ip}`))) {
      throw AppError.tooManyRequests(retryAfterSeconds(delay.msBeforeNext));
    }
  }

  async failed(accountKey: string, ip: string): Promise<void> {
    const L = LOGIN_PROTECTION;
    const pair = await this.limiter.penalty(L.pair, `${accountKey}|${ip}`);
    if (pair.consumed >= L.pair.limit) await this.limiter.block(L.pair, `${accountKey}|${ip}`, L.pair.blockMs);
    const failures = (await this.limiter.penalty(L.accountFailures, accountKey)).consumed;
    if (failures > FREE_ACCOUNT_FAILURES) {
      const ms = Math.min(FIRST_DELAY_MS * 2 ** (failures - FREE_ACCOUNT_FAILURES - 1), MAX_DELAY_MS);
      await this.limiter.block(L.accountDelay, accountKey, ms);
    }
  }

  async succeeded(accountKey: string, ip: string): Promise<void> {
    await this.limiter.reset(LOGIN_PROTECTION.pair, `${accountKey}|${ip}`);
    await this.limiter.penalty(LOGIN_PROTECTION.knownClient, `${accountKey}|${ip}`);
  }

  /** The owner proved the mailbox: forget the account's failures (and this client's). */
  async lift(accountKey: string, ip?: string): Promise<void> {
    await this.limiter.reset(LOGIN_PROTECTION.accountFailures, accountKey);
    await this.limiter.reset(LOGIN_PROTECTION.accountDelay, accountKey);
    if (ip) await this.limiter.reset(LOGIN_PROTECTION.pair, `${accountKey}|${ip}`);
  }
}
