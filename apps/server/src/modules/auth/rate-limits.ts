import type { RateLimitRule } from '../../lib/rate-limiter.ts';

const MIN = 60_000;
const HOUR = 60 * MIN;

// Brute-force limits on the auth endpoints, per client IP and per account (e-mail/username).
export const AUTH_LIMITS = {
  loginIp: { name: 'login:ip', limit: 30, windowMs: 15 * MIN },
  loginAccount: { name: 'login:acct', limit: 10, windowMs: 15 * MIN },
  registerIp: { name: 'register:ip', limit: 10, windowMs: HOUR },
  resetIp: { name: 'reset:ip', limit: 10, windowMs: HOUR },
  resetAccount: { name: 'reset:acct', limit: 3, windowMs: HOUR },
  resendIp: { name: 'resend:ip', limit: 10, windowMs: HOUR },
  resendAccount: { name: 'resend:acct', limit: 3, windowMs: HOUR },
  confirmIp: { name: 'token-confirm:ip', limit: 30, windowMs: 15 * MIN },
  refreshIp: { name: 'refresh:ip', limit: 120, windowMs: MIN },
  googleIp: { name: 'google:ip', limit: 30, windowMs: 15 * MIN },
  passwordChangeUser: { name: 'password-change:user', limit: 10, windowMs: HOUR },
} satisfies Record<string, RateLimitRule>;
