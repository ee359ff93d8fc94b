import { SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { buildUser } from '../../../test/factories.ts';
import { AccessTokens } from './access-tokens.ts';
import { loadOrCreateSecret } from '../../lib/secrets.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function meWith(token: string) {
  return t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });
}

describe('access token verification', () => {
  it('accepts a token it signed', async () => {
    const u = await buildUser(t);
    expect((await meWith(u.accessToken)).statusCode).toBe(200);
  });

  it('refuses alg:none, a wrong key, an expired token, a wrong audience and a refresh token', async () => {
    const u = await buildUser(t);
    const key = await loadOrCreateSecret(t.config.dataDir, 'jwt.key');
    // The real session id, so that only the property under test differs from a valid token.
    const sid = JSON.parse(Buffer.from(u.accessToken.split('.')[1]!, 'base64url').toString()).sid as string;
    const claims = { role: 'admin', sid };
    const base = (k: Uint8Array, aud = 'reverie-api', exp: number | string = '15m') =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' })
        .setSubject(u.user.id)
        .setAudience(aud)
        .setIssuer('reverie')
        .setIssuedAt()
        .setExpirationTime(exp)
        .sign(k);

    const none = new UnsecuredJWT(claims)
      .setSubject(u.user.id)
      .setAudience('reverie-api')
      .setIssuer('reverie')
      .setExpirationTime('15m')
      .encode();
    const wrongKey = await base(new Uint8Array(64).fill(7));
    const expired = await base(key, 'reverie-api', Math.floor(Date.now() / 1000) - 60);
    const wrongAud = await base(key, 'someone-else');
    const noTyp = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(u.user.id)
      .setAudience('reverie-api')
      .setIssuer('reverie')
      .setExpirationTime('15m')
      .sign(key);

    for (const [name, token] of Object.entries({
      none,
      wrongKey,
      expired,
      wrongAud,
      noTyp,
      refresh: u.refreshToken,
      garbage: 'not.a.jwt',
    })) {
      const res = await meWith(token);
      expect(res.statusCode, name).toBe(401);
      expect(res.json().message, name).toBe('Invalid or expired token');
    }
    // The control: the same construction with the right key, audience and typ passes.
    expect((await meWith(await base(key))).statusCode).toBe(200);
  });

  it('requires exp, iat, sub and sid', async () => {
    const u = await buildUser(t);
    const key = await loadOrCreateSecret(t.config.dataDir, 'jwt.key');
    const sid = JSON.parse(Buffer.from(u.accessToken.split('.')[1]!, 'base64url').toString()).sid as string;
    const build = (omit: 'exp' | 'iat' | 'sub' | 'sid' | 'none') => {
      const jwt = new SignJWT(omit === 'sid' ? { role: 'user' } : { role: 'user', sid })
        .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' })
        .setAudience('reverie-api')
        .setIssuer('reverie');
      if (omit !== 'sub') jwt.setSubject(u.user.id);
      if (omit !== 'iat') jwt.setIssuedAt();
      if (omit !== 'exp') jwt.setExpirationTime('15m');
      return jwt.sign(key);
    };
    for (const omit of ['exp', 'iat', 'sub', 'sid'] as const) {
      const res = await meWith(await build(omit));
      expect(res.statusCode, `without ${omit}`).toBe(401);
      expect(res.json().message).toBe('Invalid or expired token');
    }
    expect((await meWith(await build('none'))).statusCode).toBe(200);
  });

  it('signs 15-minute tokens', async () => {
    const tokens = new AccessTokens(new Uint8Array(64).fill(1));
    const jwt = await tokens.sign({ userId: '00000000-0000-0000-0000-000000000001', role: 'user', sessionId: 's' }, 1_000_000_000_000);
    const payload = JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString());
    expect(payload.exp - payload.iat).toBe(900);
  });
});
