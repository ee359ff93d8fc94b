// An account created with Google has no password: in the browser it sets a first one ("Set a password", no
// current-password field) and then signs in with e-mail and that password. Google itself is played by a local
// server speaking its protocol (PEM certs and token endpoints) with ID tokens signed by a key made here, the
// same seam the server's google.test.ts uses; the app server is configured to trust it.
import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { api } from '@reverie/shared';
import { apiCall, dialog, expectClean, header, pageWithSession, signInWithDialog, signOutFromMenu } from './flows.ts';
import { describeE2E, launchBrowser, screenshot, startServer, type Harness } from './harness.ts';

const CLIENT_ID = 'reverie-e2e.apps.googleusercontent.com';
const KID = 'e2e-key-1';

describeE2E('Google account sets a first password (real server + Chromium)', () => {
  const h = {} as Harness;
  let google: Server;
  let privateKey: KeyObject;

  beforeAll(async () => {
    const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
    privateKey = pair.privateKey;
    const pem = pair.publicKey.export({ type: 'spki', format: 'pem' }).toString();
    google = createServer((req, res) => {
      if (req.url?.startsWith('/certs')) {
        res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'public, max-age=3600' });
        res.end(JSON.stringify({ [KID]: pem }));
        return;
      }
      res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => google.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(google.address() as AddressInfo).port}`;
    h.server = await startServer({
      env: {
        GOOGLE_CLIENT_ID: CLIENT_ID,
        GOOGLE_CLIENT_SECRET: 'e2e-secret',
        GOOGLE_TOKEN_URL: `${base}/token`,
        GOOGLE_CERTS_URL: `${base}/certs`,
      },
    });
    h.browser = await launchBrowser();
  });

  afterAll(async () => {
    await h.browser?.close().catch(() => undefined);
    await h.server?.stop();
    await new Promise((resolve) => google?.close(resolve));
  });

  async function googleIdToken(claims: { sub: string; email: string; name: string }) {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ ...claims, email_verified: true })
      .setProtectedHeader({ alg: 'RS256', kid: KID, typ: 'JWT' })
      .setIssuer('https://accounts.google.com')
      .setAudience(CLIENT_ID)
      .setIssuedAt(now)
      .setExpirationTime(now + 3600)
      .sign(privateKey);
  }

  it('"Set a password" without a current password, then sign in with e-mail and that password', async () => {
    const suffix = Date.now().toString(36);
    const email = `gwen_${suffix}@example.com`;
    const password = 'first-password-42';
    const auth = await apiCall(h, api.auth.google, {
      body: { idToken: await googleIdToken({ sub: `g-${suffix}`, email, name: 'Gwen' }) },
    });
    expect(auth.isNewUser).toBe(true);
    expect(auth.user.hasPassword).toBe(false);
    await apiCall(h, api.users.updatePreferences, {
      params: { id: auth.user.id },
      body: { selectedTags: ['female', 'fantasy', 'romance', 'playful', 'sfw'], completedOnboarding: true },
      token: auth.accessToken,
    });

    const p = await pageWithSession(h, auth);
    const { page } = p;
    try {
      await page.goto('/settings');
      const card = page.getByRole('region', { name: 'Set a password' });
      await card.waitFor({ state: 'visible', timeout: 15_000 });
      expect(await card.getByLabel('Current password').count(), 'a Google account has no current password to give').toBe(0);
      await card.getByLabel('New password', { exact: true }).fill(password);
      await card.getByLabel('Confirm new password').fill(password);
      await screenshot(page, 'google-account-set-password');
      await card.getByRole('button', { name: 'Set password' }).click();
      await page.getByText('Password set', { exact: true }).waitFor({ state: 'visible', timeout: 10_000 });
      expect(await card.getByRole('alert').count()).toBe(0);
      // The account has a password now: the card asks for it next time.
      await page.getByRole('region', { name: 'Password' }).getByLabel('Current password').waitFor({ state: 'visible', timeout: 10_000 });

      await signOutFromMenu(page);
      await header(page).getByRole('button', { name: 'Sign In', exact: true }).click();
      const signIn = await signInWithDialog(page, email, password);
      await signIn.waitFor({ state: 'detached', timeout: 10_000 });
      await header(page)
        .getByRole('button', { name: /Account menu for/ })
        .waitFor({ state: 'visible', timeout: 10_000 });
      expect(await dialog(page, 'Sign in to Reverie').count()).toBe(0);
      expectClean(p, 'the Google account password journey');
    } finally {
      await p.context.close();
    }
  });
});
