// Double-submit CSRF protection for register, login and logout (the calls that work without a bearer token).
// The token is random || HMAC(random) so a cookie planted by a sibling subdomain cannot be forged; the client
// reads it from GET /api/auth/csrf and echoes it in the x-csrf-token header, which a cross-site form cannot set.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { parseCookie, stringifySetCookie } from 'cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.ts';

export const CSRF_COOKIE = 'rv_csrf';
export const CSRF_HEADER = 'x-csrf-token';

export class Csrf {
  constructor(
    private readonly key: Uint8Array,
    /** COOKIE_SECURE, or PUBLIC_URL is https: every cookie is Secure. */
    private readonly alwaysSecure: boolean,
  ) {}

  /** The cookie is Secure whenever the request came over HTTPS (X-Forwarded-Proto counts with TRUST_PROXY). */
  issue(request: FastifyRequest, reply: FastifyReply): string {
    const nonce = randomBytes(18).toString('base64url');
    const token = `${nonce}.${this.mac(nonce)}`;
    const secure = this.alwaysSecure || request.protocol === 'https';
    reply.header(
      'set-cookie',
      stringifySetCookie({ name: CSRF_COOKIE, value: token, path: '/api', httpOnly: true, sameSite: 'strict', secure, maxAge: 12 * 3600 }),
    );
    return token;
  }

  verify(request: FastifyRequest): void {
    const header = request.headers[CSRF_HEADER];
    // The one cookie the server reads, parsed here rather than for every request (#45).
    const cookie = parseCookie(request.headers.cookie ?? '')[CSRF_COOKIE];
    if (typeof header !== 'string' || !cookie || !safeEqual(header, cookie) || !this.validShape(header)) {
      throw new AppError(403, 'CSRF_FAILED', 'Your session security token is missing or out of date. Refresh the page and try again.');
    }
  }

  private validShape(token: string): boolean {
    const [nonce, mac] = token.split('.');
    return !!nonce && !!mac && safeEqual(mac, this.mac(nonce));
  }

  private mac(nonce: string): string {
    return createHmac('sha256', this.key).update(nonce).digest('base64url');
  }
}

function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}
