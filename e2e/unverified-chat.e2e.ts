// #46.2: every new user chats first with an unverified address, under the "E-mail not verified" banner. In a
// conversation the banner is one line, the conversation takes the rest of the screen, and its composer stays in view
// (at 1280×800 and 390×844); dismissed, the conversation grows back. Real server on the tiny GGUF, Chromium.
import { api, type ChatStatus } from '@reverie/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiCall, DESKTOP, expectClean, MOBILE, pageWithSession, tinyModelEnv } from './flows.ts';
import { describeE2E, launchBrowser, screenshot, startServer, type Harness } from './harness.ts';

/** Where the composer is against the window, and whether the page itself scrolls. */
const fit = (page: Page) =>
  page.evaluate(() => {
    const box = document.querySelector('textarea')!.getBoundingClientRect();
    const doc = document.scrollingElement!;
    return { top: box.top, bottom: box.bottom, window: window.innerHeight, pageScrolls: doc.scrollHeight > window.innerHeight + 1 };
  });

describeE2E('a conversation under the unverified e-mail banner (real server + Chromium)', () => {
  const h = {} as Harness;
  let characterId: string;

  beforeAll(async () => {
    h.server = await startServer({ env: tinyModelEnv() });
    h.browser = await launchBrowser();
    characterId = ((await (await fetch(`${h.server.url}/api/chat/status`)).json()) as ChatStatus).diagnosticCharacterId!;
  });
  afterAll(async () => {
    await h.browser?.close().catch(() => undefined);
    await h.server?.stop();
  });

  for (const [viewport, width] of [
    [DESKTOP, 1280],
    [MOBILE, 390],
  ] as const) {
    it(`keeps the composer on screen at ${width} px, with the banner and after dismissing it`, async () => {
      const name = `fresh${width}_${Date.now().toString(36)}`;
      const password = 'not-verified-yet-7';
      const auth = await apiCall(h, api.auth.register, {
        body: { email: `${name}@example.com`, username: name, password, confirmPassword: password },
      });
      await apiCall(h, api.users.updatePreferences, {
        params: { id: auth.user.id },
        body: { selectedTags: ['fantasy', 'sfw'], completedOnboarding: true },
        token: auth.accessToken,
      });
      const p = await pageWithSession(h, auth, viewport);
      const { page } = p;
      await page.goto(`/chat/${characterId}`);
      const banner = page.getByRole('region', { name: 'E-mail not verified' });
      await banner.waitFor({ timeout: 20_000 });
      await page.getByLabel('Message Diagnostics').waitFor({ timeout: 20_000 });
      const withBanner = await fit(page);
      await screenshot(page, `unverified-chat-${width}`);
      // One line (its buttons keep their 44 px touch size on a phone); it took 158 px there before.
      expect((await banner.boundingBox())!.height).toBeLessThanOrEqual(64);
      expect(withBanner.top).toBeGreaterThanOrEqual(0);
      expect(withBanner.bottom).toBeLessThanOrEqual(withBanner.window);
      expect(withBanner.pageScrolls).toBe(false);

      await banner.getByRole('button', { name: 'Dismiss' }).click();
      await banner.waitFor({ state: 'detached' });
      const without = await fit(page);
      expect(without.bottom).toBeLessThanOrEqual(without.window);
      expect(without.pageScrolls).toBe(false);
      // Dismissed for this tab: another page and back, still gone.
      await page.goto('/');
      await page.goto(`/chat/${characterId}`);
      await page.getByLabel('Message Diagnostics').waitFor({ timeout: 20_000 });
      expect(await banner.count()).toBe(0);
      expectClean(p, `the unverified chat at ${width} px`);
      await p.context.close();
    });
  }
});
