// Google sign-in against a local server that speaks Google's protocol: PEM certs endpoint and token endpoint,
// with ID tokens signed by a locally generated RSA key.
import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { buildUser, csrfHeaders } from '../../../test/factories.ts';

const CLIENT_ID = 'reverie-test.apps.googleusercontent.com';
const KID = 'test-key-1';
let privateKey: KeyObject;
let server: Server;
let base: string;
let t: TestApp;
const codes = new Map<string, string>();

async function idToken(claims: Record<string, unknown>, opts: { aud?: string; key?: KeyObject; exp?: number; iat?: number } = {}) {
  const now = opts.iat ?? Math.floor(Date.now() / 1000);
  return new SignJWT({ email_verified: true, ...claims })
    .setProtectedHeader({ alg: 'RS256', kid: KID, typ: 'JWT' })
    .setIssuer('https://accounts.google.com')
    .setAudience(opts.aud ?? CLIENT_ID)
    .setIssuedAt(now)
    .setExpirationTime(opts.exp ?? now + 3600)
    .sign(opts.key ?? privateKey);
}

beforeAll(async () => {
  const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
  privateKey = pair.privateKey;
  const pem = pair.publicKey.export({ type: 'spki', format: 'pem' }).toString();
  server = createServer((req, res) => {
    if (req.url?.startsWith('/certs')) {
      res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'public, max-age=3600' });
      res.end(JSON.stringify({ [KID]: pem }));
      return;
    }
    if (req.url?.startsWith('/token') && req.method === 'POST') {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        const params = new URLSearchParams(body);
        const token = codes.get(params.get('code') ?? '');
        const okClient =
          params.get('client_id') === CLIENT_ID && params.get('client_secret') === 'shh' && params.get('redirect_uri') === 'postmessage';
        if (!token || !okClient) {
          res.writeHead(400, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ error: 'invalid_grant' }));
          return;
        }
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({ access_token: 'at', expires_in: 3600, token_type: 'Bearer', id_token: token, scope: 'openid email profile' }),
        );
      });
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  t = await createTestApp({
    GOOGLE_CLIENT_ID: CLIENT_ID,
    GOOGLE_CLIENT_SECRET: 'shh',
    GOOGLE_TOKEN_URL: `${base}/token`,
    GOOGLE_CERTS_URL: `${base}/certs`,
  });
});

afterAll(async () => {
  await t.close();
  await new Promise((r) => server.close(r));
});

const google = (payload: object) => t.app.inject({ method: 'POST', url: '/api/auth/google', payload });

describe('POST /api/auth/google', () => {
  it('creates an account with 15 welcome coins through the ledger, once', async () => {
    const token = await idToken({ sub: 'g-1001', email: 'Grace@Gmail.com', name: 'Grace Hopper', picture: 'https://lh3.example/p.jpg' });
    const first = await google({ idToken: token });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      isNewUser: true,
      user: { email: 'grace@gmail.com', username: 'GraceHopper', coins: 15, emailVerified: true, hasPassword: false },
    });
    const again = await google({ idToken: token });
    expect(again.json()).toMatchObject({ isNewUser: false, user: { id: first.json().user.id, coins: 15 } });
    const ledger = await t.modules.billing.services.ledger.history(first.json().user.id);
    expect(ledger.map((r) => [r.delta, r.reason])).toEqual([[15, 'signup_bonus']]);
  });

  it('links to an existing account only when Google vouches for the address', async () => {
    const u = await buildUser(t, { email: 'linked@example.com' });
    const unverified = await google({ idToken: await idToken({ sub: 'g-2002', email: 'linked@example.com', email_verified: false }) });
    expect(unverified.statusCode).toBe(409);
    const verified = await google({ idToken: await idToken({ sub: 'g-2002', email: 'linked@example.com' }) });
    expect(verified.json()).toMatchObject({ isNewUser: false, user: { id: u.user.id, coins: 0 } });
  });

  it('refuses tokens signed by another key, for another audience, or expired', async () => {
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    const now = Math.floor(Date.now() / 1000);
    for (const token of [
      await idToken({ sub: 'g-3', email: 'x@gmail.com' }, { key: other }),
      await idToken({ sub: 'g-3', email: 'x@gmail.com' }, { aud: 'someone-else' }),
      await idToken({ sub: 'g-3', email: 'x@gmail.com' }, { exp: now - 600 }),
    ]) {
      const res = await google({ idToken: token });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toMatch(/^Google sign-in failed/);
    }
  });
});

describe('changing e-mail or username on an account without a password', () => {
  it('needs a Google sign-in of this account from the last 5 minutes', async () => {
    const sub = 'g-7007';
    const created = await google({ idToken: await idToken({ sub, email: 'reauth@gmail.com', name: 'Re Auth' }) });
    const headers = { authorization: `Bearer ${created.json().accessToken}` };
    const put = (payload: object) => t.app.inject({ method: 'PUT', url: '/api/auth/me', headers, payload });

    const none = await put({ username: 'reauth-new' });
    expect(none.statusCode).toBe(400);
    expect(none.json().error).toMatchObject({ code: 'REAUTH_REQUIRED', details: { method: 'google' } });
    expect(none.json().message).toBe('Sign in with Google again to change your e-mail address or username.');

    const tenMinutesAgo = Math.floor(Date.now() / 1000) - 600;
    const stale = await put({
      username: 'reauth-new',
      googleIdToken: await idToken({ sub, email: 'reauth@gmail.com' }, { iat: tenMinutesAgo }),
    });
    expect(stale.statusCode).toBe(400);
    expect(stale.json().error.code).toBe('REAUTH_REQUIRED');

    const someoneElse = await put({ username: 'reauth-new', googleIdToken: await idToken({ sub: 'g-other', email: 'other@gmail.com' }) });
    expect(someoneElse.statusCode).toBe(400);
    expect(someoneElse.json().message).toBe('That Google account is not the one linked to this account.');

    const fresh = await put({ username: 'reauth-new', googleIdToken: await idToken({ sub, email: 'reauth@gmail.com' }) });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().username).toBe('reauth-new');
    const notice = await t.deps.uow.repos.mailOutbox.latestTo('reauth@gmail.com');
    expect(notice?.subject).toBe('Your Reverie username was changed');

    // The browser's popup gives an authorization code; the server exchanges it for the same proof.
    codes.set('reauth-code', await idToken({ sub, email: 'reauth@gmail.com' }));
    const byCode = await put({ username: 'reauth-code', googleCode: 'reauth-code' });
    expect(byCode.statusCode).toBe(200);
    expect(byCode.json().username).toBe('reauth-code');
  });
});

describe('first password for an account created with Google', () => {
  it('sets one without a current password, then signs in with it; a second change needs the current one', async () => {
    const created = await google({ idToken: await idToken({ sub: 'g-5005', email: 'first-pass@gmail.com', name: 'First Pass' }) });
    const { accessToken, user } = created.json();
    expect(user.hasPassword).toBe(false);
    const headers = { authorization: `Bearer ${accessToken}` };

    // The browser may send an empty current password for such an account, or none at all.
    const set = await t.app.inject({
      method: 'PATCH',
      url: '/api/auth/me/password',
      headers,
      payload: { currentPassword: '', newPassword: 'first-password' },
    });
    expect(set.statusCode).toBe(200);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers });
    expect(me.json().hasPassword).toBe(true);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: await csrfHeaders(t.app),
      payload: { emailOrUsername: 'first-pass@gmail.com', password: 'first-password' },
    });
    expect(login.statusCode).toBe(200);

    const again = await t.app.inject({
      method: 'PATCH',
      url: '/api/auth/me/password',
      headers,
      payload: { newPassword: 'second-password' },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('currentPassword: Current password is required');
  });

  it('works without the currentPassword field too', async () => {
    const created = await google({ idToken: await idToken({ sub: 'g-6006', email: 'no-field@gmail.com', name: 'No Field' }) });
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/auth/me/password',
      headers: { authorization: `Bearer ${created.json().accessToken}` },
      payload: { newPassword: 'first-password' },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('POST /api/auth/google/callback', () => {
  it('exchanges an authorization code for the identity', async () => {
    codes.set('good-code', await idToken({ sub: 'g-4004', email: 'code@gmail.com', name: 'Code Flow' }));
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/google/callback', payload: { code: 'good-code' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ isNewUser: true, user: { email: 'code@gmail.com', coins: 15 } });
    const bad = await t.app.inject({ method: 'POST', url: '/api/auth/google/callback', payload: { code: 'bad-code' } });
    expect(bad.statusCode).toBe(401);
  });
});

describe('without Google configuration', () => {
  it('answers 503 with a clear message', async () => {
    const plain = await createTestApp();
    try {
      const res = await plain.app.inject({ method: 'POST', url: '/api/auth/google', payload: { idToken: 'whatever-token' } });
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toMatch(/Google sign-in is not available on this server/);
    } finally {
      await plain.close();
    }
  });
});

describe('deleting an account that signs in only with Google', () => {
  it('needs a fresh Google sign-in of this account, then refuses Google sign-in until the undo link is used', async () => {
    const sub = 'g-9009';
    const created = await google({ idToken: await idToken({ sub, email: 'leaving@gmail.com', name: 'Leaving Soon' }) });
    const headers = { authorization: `Bearer ${created.json().accessToken}` };
    const del = (payload: object) => t.app.inject({ method: 'POST', url: '/api/account/deletion', headers, payload });

    const none = await del({ publicCharacters: 'delete' });
    expect(none.statusCode).toBe(400);
    expect(none.json().error).toMatchObject({ code: 'REAUTH_REQUIRED', details: { method: 'google' } });
    expect(none.json().message).toBe('Sign in with Google again to delete your account.');
    const someoneElse = await del({
      publicCharacters: 'delete',
      googleIdToken: await idToken({ sub: 'g-other', email: 'other@gmail.com' }),
    });
    expect(someoneElse.json().message).toBe('That Google account is not the one linked to this account.');

    codes.set('leave-code', await idToken({ sub, email: 'leaving@gmail.com' }));
    expect((await del({ publicCharacters: 'delete', googleCode: 'leave-code' })).statusCode).toBe(202);
    const refused = await google({ idToken: await idToken({ sub, email: 'leaving@gmail.com' }) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('ACCOUNT_DELETION_SCHEDULED');
  });
});
