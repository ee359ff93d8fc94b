// Short-lived access tokens: HS256 JWTs, algorithm pinned, audience, issuer and typ checked; exp, iat, sub and
// sid required. The session (sid) is checked against revocation on each request by the authenticate plugin.
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { INVALID_TOKEN_MESSAGE } from '@reverie/shared';
import { AppError } from '../../lib/app-error.ts';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
const ALG = 'HS256';
const TYP = 'at+jwt';
const AUDIENCE = 'reverie-api';
const ISSUER = 'reverie';

export interface AccessClaims {
  userId: string;
  role: 'user' | 'moderator' | 'admin';
  /** Session (refresh token family) id, so "sign out other sessions" can keep this one. */
  sessionId: string;
}

export class AccessTokens {
  constructor(private readonly key: Uint8Array) {}

  sign(claims: AccessClaims, now = Date.now()): Promise<string> {
    const iat = Math.floor(now / 1000);
    return new SignJWT({ role: claims.role, sid: claims.sessionId })
      .setProtectedHeader({ alg: ALG, typ: TYP })
      .setSubject(claims.userId)
      .setAudience(AUDIENCE)
      .setIssuer(ISSUER)
      .setIssuedAt(iat)
      .setExpirationTime(iat + ACCESS_TOKEN_TTL_SECONDS)
      .sign(this.key);
  }

  async verify(token: string): Promise<AccessClaims> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: [ALG],
        audience: AUDIENCE,
        issuer: ISSUER,
        typ: TYP,
        requiredClaims: ['exp', 'iat', 'sub', 'sid'],
      });
      if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string' || typeof payload.exp !== 'number')
        throw new Error('missing claims');
      const role = payload.role === 'admin' || payload.role === 'moderator' ? payload.role : 'user';
      return { userId: payload.sub, sessionId: payload.sid, role };
    } catch (err) {
      if (err instanceof joseErrors.JOSEError || err instanceof Error) {
        throw new AppError(401, 'INVALID_TOKEN', INVALID_TOKEN_MESSAGE);
      }
      throw err;
    }
  }
}
