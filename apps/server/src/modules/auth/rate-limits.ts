import type { RateLimitRule } from '../../lib/rate-limiter.ts';

const MIN = 60_000;
const HOUR = 60 * MIN;

// Request budgets on the auth endpoints, per client IP, per account (e-mail) or per signed-in user. IP budgets are
// counted before the body is validated or anything is looked up. Login failures have their own rules in
// login-protection.ts.
export const AUTH_LIMITS = {
  loginIp: { name: 'login:ip', limit: 30, windowMs: 15 * MIN },
  registerIp: { name: 'register:ip', limit: 10, windowMs: HOUR },
  resetIp: { name: 'reset:ip', limit: 10, windowMs: HOUR },
  resetAccount: { name: 'reset:acct', limit: 3, windowMs: HOUR },
  resendIp: { name: 'resend:ip', limit: 10, windowMs: HOUR },
  resendAccount: { name: 'resend:acct', limit: 3, windowMs: HOUR },
  confirmIp: { name: 'token-confirm:ip', limit: 30, windowMs: 15 * MIN },
  refreshIp: { name: 'refresh:ip', limit: 120, windowMs: MIN },
  googleIp: { name: 'google:ip', limit: 30, windowMs: 15 * MIN },
  passwordChangeUser: { name: 'password-change:user', limit: 10, windowMs: HOUR },
  /** Proving the current password (or Google) to change e-mail or username. */
  reauthUser: { name: 'reauth:user', limit: 10, windowMs: HOUR },
} satisfies Record<string, RateLimitRule>;
