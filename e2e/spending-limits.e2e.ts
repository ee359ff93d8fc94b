// Spending limits against the real server and Chromium: in Settings a first cap applies at once, a raise waits an
// hour (the card says from when), and a link to /settings#spending-limits lands on the card (1280 and 390 px); in the
// chat, a message over the daily cap is refused with the cap's message and a link to the card. No free messages and
// 1 coin a message (a catalogue of our own); replies from a local OpenAI-compatible peer.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { api } from '@reverie/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadCatalog } from '../apps/server/src/modules/billing/catalog.ts';
import { startOpenAiPeer, type OpenAiPeer } from '../apps/server/test/openai-peer.ts';
import { apiCall, DESKTOP, expectClean, MOBILE, registerReadyUser, signedInPage, untilSendIsOn } from './flows.ts';
import { describeE2E, launchBrowser, screenshot, startServer, type Harness } from './harness.ts';

describeE2E('spending limits (real server + Chromium)', () => {
  const h = {} as Harness;
  let peer: OpenAiPeer;
  let dir: string;
  const suffix = Date.now().toString(36);
  const email = `sage_${suffix}@example.com`;
  const password = 'thrifty-coins-9';

  beforeAll(async () => {
    peer = await startOpenAiPeer();
    dir = await mkdtemp(path.join(os.tmpdir(), 'reverie-caps-'));
    const catalog = loadCatalog(undefined);
    const catalogFile = path.join(dir, 'catalog.json');
    await writeFile(
      catalogFile,
      JSON.stringify({
        costs: { ...catalog.costs, chatMessage: 1 },
        plans: catalog.plans.map((p) => ({ ...p, permissions: { ...p.permissions, dailyFreeMessages: 0 } })),
      }),
    );
    h.server = await startServer({
      env: {
        LLM_PROVIDER: 'openai',
        LLM_BASE_URL: peer.baseUrl,
        LLM_MODEL: 'peer-model',
        BILLING_CATALOG_FILE: catalogFile,
        // The journey gets its coins from the sandbox top-up.
        SANDBOX_TOP_UP: 'true',
      },
    });
    h.browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    await h.browser?.close().catch(() => undefined);
    await h.server?.stop();
    await peer?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('sets a daily cap at once, shows a raise as pending with its time, and opens from the refusal link on a phone', async () => {
    await registerReadyUser(h, { email, username: `sage_${suffix}`, password });
    const p = await signedInPage(h, email, password);
    const { page } = p;
    await page.setViewportSize(DESKTOP);
    await page.goto(`${h.server.url}/settings`);
    const card = page.getByRole('region', { name: 'Spending limits' });
    const daily = card.getByLabel('Daily limit (coins)');
    await daily.waitFor({ state: 'visible', timeout: 15_000 });
    await card.getByText('Spent today: 0 coins').waitFor();

    // A first cap is a lowering: in force at once, nothing pending.
    await daily.fill('20');
    await card.getByLabel('Monthly limit (coins)').fill('300');
    await card.getByLabel('Ask me before one action that costs more than (coins)').fill('10');
    await card.getByRole('button', { name: 'Save limits' }).click();
    await card.getByText('Saved. A lower limit applies now; a higher one in 60 minutes.').waitFor();
    await card.getByText('Spent today: 0 coins · 20 coins left').waitFor();
    expect(await card.getByTestId('pending-raise').count()).toBe(0);

    // A raise waits an hour: the card says from when (the browser's time).
    await daily.fill('50');
    await card.getByRole('button', { name: 'Save limits' }).click();
    const pending = card.getByTestId('pending-raise');
    await pending.waitFor();
    expect(await pending.textContent()).toMatch(/^Your new limit of 50 applies from \d{2}:\d{2}\.$/);
    await card.getByText('Spent today: 0 coins · 20 coins left').waitFor();
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'spending-limits-1280');

    // The link a refusal at the cap carries, on a phone: the page opens scrolled to the card.
    // A full load from another page, so the card scrolls into place only once its data has come.
    await page.setViewportSize(MOBILE);
    await page.goto(`${h.server.url}/coins`);
    await page.goto(`${h.server.url}/settings#spending-limits`);
    await pending.waitFor();
    // Its title just below the sticky header (two rows on a phone), not under it.
    const headerBottom = await page.getByTestId('header').evaluate((el) => el.getBoundingClientRect().bottom);
    const title = card.getByText('Spending limits', { exact: true });
    await expect.poll(() => title.evaluate((el) => el.getBoundingClientRect().top), { timeout: 10_000 }).toBeGreaterThan(headerBottom);
    expect(await title.evaluate((el) => el.getBoundingClientRect().top)).toBeLessThan(headerBottom + 120);
    expect(await card.getByText(/^Saved\./).count()).toBe(0);
    expect(await daily.inputValue()).toBe('50');
    await screenshot(page, 'spending-limits-390');
    expectClean(p, 'the spending limits card');
  });

  it('refuses a chat message over the daily cap with the cap in words and a link to raise it', async () => {
    // The previous test left a daily cap of 20 with a raise to 50 pending; lower it to 1 (at once).
    const auth = await apiCall(h, api.auth.login, { body: { emailOrUsername: email, password } });
    await apiCall(h, api.billing.addCoins, { body: { amount: 10 }, token: auth.accessToken });
    await apiCall(h, api.billing.updateSpendingLimits, { body: { daily: 1, monthly: null, confirmAbove: null }, token: auth.accessToken });
    const status = (await (await fetch(`${h.server.url}/api/chat/status`)).json()) as { diagnosticCharacterId: string };
    const p = await signedInPage(h, email, password);
    const { page } = p;
    await page.setViewportSize(DESKTOP);
    await page.goto(`${h.server.url}/chat/${status.diagnosticCharacterId}`);
    const composer = page.getByLabel('Message Diagnostics');
    await composer.waitFor({ state: 'visible', timeout: 20_000 });

    // The first message costs the 1 coin the cap allows.
    await composer.fill('First one, within the limit.');
    await untilSendIsOn(page);
    await composer.press('Enter');
    await expect.poll(() => page.getByTestId('message-assistant').count(), { timeout: 20_000 }).toBe(2);
    await page.getByRole('button', { name: 'Regenerate reply' }).waitFor({ timeout: 20_000 });

    // The second would pass it: refused before any reply, with which cap, what is left and where to raise it.
    await composer.fill('Second one, over the limit.');
    await untilSendIsOn(page);
    await composer.press('Enter');
    const banner = page.getByRole('alert').filter({ hasText: 'spending limit' });
    await banner.waitFor({ timeout: 15_000 });
    expect(await banner.textContent()).toContain(
      'This costs 1 coin, which would pass your daily spending limit of 1 (0 coins left today). You can raise it in Settings → Spending limits.',
    );
    await screenshot(page, 'spending-cap-chat-1280');
    await banner.getByRole('link', { name: 'Change my spending limits' }).click();
    await page.waitForURL(/\/settings#spending-limits$/);
    await page
      .getByRole('region', { name: 'Spending limits' })
      .getByText('Spent today: 1 coin · 0 coins left')
      .waitFor({ timeout: 15_000 });
    expectClean(p, 'a chat message refused at the cap');
  }, 90_000);
});
