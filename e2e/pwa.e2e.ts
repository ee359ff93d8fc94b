// The installed app (issue #43.1): the manifest and its icons, the service worker controlling the page, the app
// opening offline with a chat already read, a new build offering "Reload" instead of half-updating, and the "Install
// app" entry (the browser's install event in Chromium; the Share → Add to Home Screen steps on an iPhone). Real
// server, production build, Chromium at 390 and 1280 px. Other journeys block the worker (harness.ts).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { AuthResponse, ChatStatus } from '@reverie/shared';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { repoRoot } from '../scripts/build-web.mjs';
import { accountMenu, DESKTOP, expectClean, MOBILE, pageWithSession, registerReadyUser, tinyModelEnv } from './flows.ts';
import { describeE2E, launchBrowser, screenshot, startServer, type Harness } from './harness.ts';

const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

interface Manifest {
  name: string;
  short_name: string;
  start_url: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: Array<{ src: string; sizes: string; type: string; purpose?: string }>;
  shortcuts: Array<{ name: string; url: string }>;
}

/** Waits until the service worker is active and controls the page (a first visit is controlled after a reload). */
async function untilControlled(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  if (!(await page.evaluate(() => !!navigator.serviceWorker.controller))) await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? null), { timeout: 15_000 }).toBe('activated');
}

describeE2E('the installed app: manifest, service worker, offline, updates, install entry (real server + Chromium)', () => {
  const h = {} as Harness;
  let auth: AuthResponse;
  let characterId: string;

  beforeAll(async () => {
    h.server = await startServer({ env: tinyModelEnv() });
    h.browser = await launchBrowser();
    const suffix = Date.now().toString(36);
    auth = await registerReadyUser(h, { email: `pwa_${suffix}@example.com`, username: `pwa_${suffix}`, password: 'home-screen-42' });
    const status = (await (await fetch(`${h.server.url}/api/chat/status`)).json()) as ChatStatus;
    characterId = status.diagnosticCharacterId!;
  });
  afterAll(async () => {
    await h.browser?.close().catch(() => undefined);
    await h.server?.stop();
  });

  it('serves a valid manifest: name, standalone, dark colours, 192/512/maskable icons of those sizes, two shortcuts', async () => {
    const res = await fetch(`${h.server.url}/manifest.webmanifest`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/manifest\+json/);
    const m = (await res.json()) as Manifest;
    expect(m).toMatchObject({
      short_name: 'Reverie',
      start_url: '/',
      display: 'standalone',
      theme_color: '#0b0a10',
      background_color: '#0b0a10',
    });
    expect(m.shortcuts.map((s) => [s.name, s.url])).toEqual([
      ['Chats', '/chat'],
      ['Create Character', '/create-character'],
    ]);
    for (const [sizes, purpose] of [
      ['192x192', 'any'],
      ['512x512', 'any'],
      ['512x512', 'maskable'],
    ]) {
      const icon = m.icons.find((i) => i.sizes === sizes && i.purpose === purpose);
      expect(icon, `${sizes} ${purpose}`).toBeTruthy();
      const png = Buffer.from(await (await fetch(`${h.server.url}${icon!.src}`)).arrayBuffer());
      const meta = await sharp(png).metadata();
      expect(`${meta.width}x${meta.height}`).toBe(sizes);
      expect(meta.format).toBe('png');
    }
    const html = await (await fetch(`${h.server.url}/`)).text();
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest"');
  });

  it(
    'is controlled by the service worker, and opens offline on a chat already read, saying sending needs the network',
    { timeout: 120_000 },
    async () => {
      const p = await pageWithSession(h, auth, MOBILE, { serviceWorkers: 'allow' });
      const { page } = p;
      try {
        await page.goto(`/chat/${characterId}`);
        await page.getByTestId('message-assistant').first().waitFor({ state: 'visible', timeout: 30_000 });
        await untilControlled(page);
        // Read once more while controlled, so the worker has this chat's answers.
        await page.goto(`/chat/${characterId}`);
        const first = page.getByTestId('message-assistant').first();
        await first.waitFor({ state: 'visible', timeout: 30_000 });
        const read = await first.innerText();

        await p.context.setOffline(true);
        await page.reload();
        await first.waitFor({ state: 'visible', timeout: 20_000 });
        // The same words (the portrait may fall back to initials: pictures not seen before are not cached).
        expect(await first.innerText()).toContain(read.replace(/^[A-Z]{1,2}\n/, '').trim());
        const note = page.getByRole('status').filter({ hasText: 'You are offline.' });
        await note.waitFor({ state: 'visible' });
        // Nothing can be sent, or queued to be sent later (a message may cost coins); the composer says why.
        const composer = page.getByRole('textbox').last();
        expect(await composer.isDisabled()).toBe(true);
        expect(await composer.getAttribute('placeholder')).toBe('You are offline: sending needs the network.');
        expect(await page.getByRole('button', { name: 'Send message' }).isDisabled()).toBe(true);
        await screenshot(page, 'pwa-offline-chat-390');
        await page.setViewportSize(DESKTOP);
        await screenshot(page, 'pwa-offline-chat-1280');
        // The chat list was read too: it opens offline as well.
        await page.goto('/chat');
        await page.locator('main').getByText(/./).first().waitFor();
        await p.context.setOffline(false);
      } finally {
        await p.context.close();
      }
    },
  );

  it('offers "A new version is ready — Reload" when a new build is published, and reloads into it', { timeout: 120_000 }, async () => {
    const swFile = path.join(repoRoot, 'apps/web/dist/sw.js');
    const original = readFileSync(swFile, 'utf8');
    const p = await pageWithSession(h, auth, DESKTOP, { serviceWorkers: 'allow' });
    const { page } = p;
    try {
      await page.goto('/');
      await untilControlled(page);
      const firstWorker = await page.evaluate(() => navigator.serviceWorker.controller!.scriptURL);
      // A new build: the worker's bytes change (its precache list would); the browser's update check finds it.
      writeFileSync(swFile, `${original}\n// build ${Date.now()}\n`);
      await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.update()));
      const offer = page.getByRole('status').filter({ hasText: 'A new version is ready —' });
      await offer.waitFor({ state: 'visible', timeout: 20_000 });
      await screenshot(page, 'pwa-update-ready-1280');
      await page.setViewportSize(MOBILE);
      await screenshot(page, 'pwa-update-ready-390');
      const reloaded = page.waitForEvent('load', { timeout: 20_000 });
      await offer.getByRole('button', { name: 'Reload' }).click();
      await reloaded;
      await expect
        .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? null), { timeout: 15_000 })
        .toBe('activated');
      expect(await page.evaluate(() => navigator.serviceWorker.controller!.scriptURL)).toBe(firstWorker);
      expect(await page.getByRole('status').filter({ hasText: 'A new version is ready' }).count()).toBe(0);
      expectClean(p, 'updating the installed app');
    } finally {
      writeFileSync(swFile, original);
      await p.context.close();
    }
  });

  it(
    'shows "Install app" in the user menu when the browser offers installation, and uses the browser dialog',
    { timeout: 90_000 },
    async () => {
      const p = await pageWithSession(h, auth, DESKTOP, { serviceWorkers: 'allow' });
      const { page } = p;
      try {
        await page.goto('/');
        await accountMenu(page).waitFor({ state: 'visible', timeout: 15_000 });
        await accountMenu(page).click();
        await page.getByRole('menuitem', { name: 'Sign out' }).waitFor();
        expect(await page.getByRole('menuitem', { name: 'Install app' }).count()).toBe(0);
        // Chromium's own installability check (what Lighthouse's installable-manifest audit reported before Lighthouse
        // 12 dropped its PWA category): the manifest, its icons and the worker leave nothing to object to.
        const cdp = await p.context.newCDPSession(page);
        // A test's browser context is off the record, where Chromium never installs: that one objection is the
        // context's, not the site's.
        const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
        expect(installabilityErrors.filter((e) => e.errorId !== 'in-incognito')).toEqual([]);
        const { url: manifestUrl, errors: manifestErrors } = await cdp.send('Page.getAppManifest');
        expect(manifestUrl).toMatch(/manifest/);
        expect(manifestErrors).toEqual([]);
        await page.keyboard.press('Escape');
        await page.reload();
        await accountMenu(page).waitFor({ state: 'visible', timeout: 15_000 });
        // Chromium fires beforeinstallprompt when it judges the site installable; headless does not, so the test
        // sends the event the browser would (with its prompt() and userChoice), as the page receives it.
        await page.evaluate(() => {
          const offer = new Event('beforeinstallprompt', { cancelable: true }) as Event & Record<string, unknown>;
          (window as unknown as { installPrompted: number }).installPrompted = 0;
          offer.prompt = () => {
            (window as unknown as { installPrompted: number }).installPrompted++;
            return Promise.resolve();
          };
          offer.userChoice = Promise.resolve({ outcome: 'accepted' });
          window.dispatchEvent(offer);
        });
        await accountMenu(page).click();
        const item = page.getByRole('menuitem', { name: 'Install app' });
        await item.waitFor({ state: 'visible' });
        await screenshot(page, 'pwa-install-entry-1280');
        await item.click();
        await expect.poll(() => page.evaluate(() => (window as unknown as { installPrompted: number }).installPrompted)).toBe(1);
        await accountMenu(page).click();
        expect(await page.getByRole('menuitem', { name: 'Install app' }).count()).toBe(0);
        await page.keyboard.press('Escape');
      } finally {
        await p.context.close();
      }
    },
  );

  it('on an iPhone, "Install app" shows the Share → Add to Home Screen steps (and says push needs the installed app)', async () => {
    const p = await pageWithSession(h, auth, MOBILE, { userAgent: IPHONE_UA });
    const { page } = p;
    try {
      await page.goto('/');
      await accountMenu(page).waitFor({ state: 'visible', timeout: 15_000 });
      await accountMenu(page).click();
      await page.getByRole('menuitem', { name: 'Install app' }).click();
      const steps = page.getByRole('dialog', { name: 'Install Reverie on your iPhone or iPad' });
      await steps.waitFor({ state: 'visible' });
      await steps.getByText('Add to Home Screen').waitFor();
      await steps.getByText('Notifications on iPhone and iPad work only in the installed app.').waitFor();
      await screenshot(page, 'pwa-ios-steps-390');
      expectClean(p, 'the iPhone install steps');
    } finally {
      await p.context.close();
    }
  });
});
