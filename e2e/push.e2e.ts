// Push notifications in the browser (issue #43.2): Settings → Push notifications says what will come before any
// permission prompt, and shows the switches, quiet hours and devices; on an iPhone outside the Home Screen it says
// notifications need the installed app; the service worker shows a push it receives (delivered through Chromium's
// DevTools protocol, as a push service would) and closes it when the page says it was read. Real server, production build, Chromium at 390 and 1280 px.
import { copyFile, mkdir } from 'node:fs/promises';
import type { AuthResponse } from '@reverie/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DESKTOP, expectClean, MOBILE, pageWithSession, registerReadyUser } from './flows.ts';
import { describeE2E, launchBrowser, screenshot, startServer, type Harness } from './harness.ts';

const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const SHOTS = process.env.PUSH_SHOTS_DIR;

/** The viewport with the card's top in view, or (`whole`) the whole card; copied to PUSH_SHOTS_DIR when set. */
async function shot(page: Page, name: string, whole = false) {
  const card = page.getByRole('region', { name: 'Push notifications' });
  await card.evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await page.evaluate(() => window.scrollBy(0, -80)); // below the fixed header
  const file = await screenshot(page, name);
  if (whole) await card.screenshot({ path: file, animations: 'disabled' });
  if (SHOTS) {
    await mkdir(SHOTS, { recursive: true });
    await copyFile(file, `${SHOTS}/${name}.png`);
  }
}

async function untilControlled(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  if (!(await page.evaluate(() => !!navigator.serviceWorker.controller))) await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? null), { timeout: 15_000 }).toBe('activated');
}

describeE2E('push notifications: settings, the permission sentence, the service worker (real server + Chromium)', () => {
  const h = {} as Harness;
  let auth: AuthResponse;

  beforeAll(async () => {
    h.server = await startServer();
    h.browser = await launchBrowser();
    const suffix = Date.now().toString(36);
    auth = await registerReadyUser(h, { email: `push_${suffix}@example.com`, username: `push_${suffix}`, password: 'ring-ring-42' });
  });
  afterAll(async () => {
    await h.browser?.close().catch(() => undefined);
    await h.server?.stop();
  });

  for (const [name, viewport] of [
    ['mobile', MOBILE],
    ['desktop', DESKTOP],
  ] as const) {
    it(`${name}: says what will come before asking, with switches, quiet hours and devices`, async () => {
      const p = await pageWithSession(h, auth, viewport, { serviceWorkers: 'allow' });
      try {
        await p.page.goto('/settings#push');
        await untilControlled(p.page);
        const card = p.page.getByRole('region', { name: 'Push notifications' });
        await card
          .getByText(/when a reply finishes after you left the chat, a picture is ready, someone follows you, support answers your ticket/)
          .waitFor();
        await card.getByRole('button', { name: 'Turn on notifications' }).waitFor();
        expect(await p.page.evaluate(() => Notification.permission)).toBe('default'); // nothing asked yet
        await shot(p.page, `push-permission-${viewport.width}`);
        for (const label of [
          'Replies while you were away',
          'Messages from characters',
          'Pictures ready',
          'New followers',
          'Support answers',
          'Quiet hours',
        ]) {
          await card.getByRole('switch', { name: label }).waitFor();
        }
        await card.getByRole('switch', { name: 'Quiet hours' }).click();
        await card.getByLabel('From', { exact: true }).waitFor();
        await card.getByText('No device gets push notifications yet.').waitFor();
        await shot(p.page, `push-settings-${viewport.width}`, true);
        expectClean(p, 'the push settings');
      } finally {
        await p.context.close();
      }
    });
  }

  it('on an iPhone outside the Home Screen: notifications need the installed app', async () => {
    const p = await pageWithSession(h, auth, MOBILE, { userAgent: IPHONE_UA });
    try {
      await p.page.goto('/settings#push');
      const card = p.page.getByRole('region', { name: 'Push notifications' });
      await card.getByText('On iPhone and iPad, notifications work once Reverie is added to the Home Screen.', { exact: false }).waitFor();
      expect(await card.getByRole('button', { name: 'Turn on notifications' }).count()).toBe(0);
      await shot(p.page, 'push-settings-iphone-390');
    } finally {
      await p.context.close();
    }
  });

  it('the service worker shows a push it receives', async () => {
    const p = await pageWithSession(h, auth, DESKTOP, { serviceWorkers: 'allow' });
    try {
      await p.context.grantPermissions(['notifications']);
      await p.page.goto('/settings');
      await untilControlled(p.page);
      const cdp = await p.context.newCDPSession(p.page);
      const registrations: string[] = [];
      cdp.on('ServiceWorker.workerRegistrationUpdated', (e: { registrations: Array<{ registrationId: string }> }) =>
        registrations.push(...e.registrations.map((r) => r.registrationId)),
      );
      await cdp.send('ServiceWorker.enable');
      await expect.poll(() => registrations.length).toBeGreaterThan(0);
      const payload = {
        notificationId: '11111111-1111-4111-8111-111111111111',
        kind: 'follower',
        title: 'mira started following you',
        body: null,
        link: '/creators/22222222-2222-4222-8222-222222222222',
        imageUrl: null,
        readToken: 'token',
      };
      await cdp.send('ServiceWorker.deliverPushMessage', {
        origin: new URL(h.server.url).origin,
        registrationId: registrations[0]!,
        data: JSON.stringify(payload),
      });
      const shown = () =>
        p.page.evaluate(async () =>
          (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
            title: n.title,
            tag: n.tag,
            data: n.data as unknown,
          })),
        );
      const { kind: _kind, ...shownData } = payload; // what the worker keeps for the click: the link and the read token
      // 30 s: on CI's loaded cores (two journeys and their Chromiums at once) starting the worker and showing the push
      // once took longer than 10 s; alone it takes under a second.
      await expect.poll(shown, { timeout: 30_000 }).toEqual([{ title: payload.title, tag: payload.notificationId, data: shownData }]);
      // Read in the app (the live stream's "read" event): the page asks the worker to close its push.
      await p.page.evaluate(
        (id) => navigator.serviceWorker.controller?.postMessage({ type: 'CLOSE_PUSHES', ids: [id] }),
        payload.notificationId,
      );
      await expect.poll(shown, { timeout: 10_000 }).toEqual([]);
    } finally {
      await p.context.close();
    }
  });
});
