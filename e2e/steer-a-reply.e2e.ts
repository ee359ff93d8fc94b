// Issue 32 in one sitting, as a paying user steers a chat: a reply's "Why this reply" names the lorebook entry its
// key triggered and the coins it cost; the entry is turned off there and the next prompt goes without it; "Branch
// from here" forks at the first reply (the entry stays off in the branch); "Search this chat" finds a line of the
// branch and shows it; a daily spending cap then refuses the next message with the cap in words and a link to raise
// it. Screenshots at 1280 and 390 px. No free messages and 2 coins a message (a catalogue of our own); replies from a
// local OpenAI-compatible peer, which also shows what each prompt carried.
import { api, type AuthResponse } from '@reverie/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startOpenAiPeer, type OpenAiPeer } from '../apps/server/test/openai-peer.ts';
import { apiCall, DESKTOP, dialog, expectClean, MOBILE, pageWithSession, registerReadyUser, untilSendIsOn } from './flows.ts';
import { importLighthouseCard, LANTERN, lastSystemPrompt, STORM } from './fixtures/lighthouse-card.ts';
import { startPaidServer } from './fixtures/paid-catalog.ts';
import { describeE2E, launchBrowser, screenshot, type Harness } from './harness.ts';

const bubbles = (page: Page) => page.locator('[data-testid^="message-"] [data-testid="bubble"]');

describeE2E('steering a reply: inspector, branch, search and a cap (real server + Chromium)', () => {
  const h = {} as Harness;
  let peer: OpenAiPeer;
  let removeCatalog: (() => Promise<void>) | undefined;
  let auth: AuthResponse;
  let characterId: string;
  const suffix = Date.now().toString(36);

  beforeAll(async () => {
    peer = await startOpenAiPeer();
    peer.behave({ kind: 'reply', parts: ['*She lifts', ' the lantern.*', ' It has seen', ' worse storms.'] });
    ({ server: h.server, removeCatalog } = await startPaidServer(peer));
    h.browser = await launchBrowser();
    auth = await registerReadyUser(h, { email: `steer_${suffix}@example.com`, username: `steer_${suffix}`, password: 'lantern-light-42' });
    await apiCall(h, api.billing.addCoins, { body: { amount: 20 }, token: auth.accessToken });
    characterId = await importLighthouseCard(h, auth);
  }, 120_000);
  afterAll(async () => {
    await h.browser?.close().catch(() => undefined);
    await h.server?.stop();
    await peer?.close();
    await removeCatalog?.();
  });

  const lastSystem = () => lastSystemPrompt(peer);

  it('opens the inspector, drops a lorebook entry, branches, searches and hits a cap (1280 and 390 px)', async () => {
    const p = await pageWithSession(h, auth, DESKTOP);
    const { page } = p;
    await page.goto(`/chat/${characterId}`);
    const composer = page.getByLabel('Message Juniper Vale');
    await composer.waitFor({ state: 'visible', timeout: 20_000 });
    const replies = page.getByTestId('message-assistant');

    const send = async (text: string) => {
      const [before, asked] = [await replies.count(), peer.requests.length];
      await composer.fill(text);
      await untilSendIsOn(page);
      await composer.press('Enter');
      await expect.poll(() => replies.count(), { timeout: 20_000 }).toBe(before + 1);
      // The reply's bubble shows from the stream's start, before the model is asked.
      await expect.poll(() => peer.requests.length, { timeout: 20_000 }).toBeGreaterThan(asked);
      await page.getByRole('button', { name: 'Regenerate reply' }).waitFor({ timeout: 20_000 });
    };

    // The price is on the composer before the first click.
    await page
      .getByText(/2 coins/)
      .first()
      .waitFor({ timeout: 15_000 });
    await send('Is that an old lantern in your hand?');
    expect(lastSystem()).toContain(LANTERN);

    // Why this reply: the entry with the key that triggered it, and what the reply cost.
    await replies.last().hover();
    await replies.last().getByRole('button', { name: 'Why this reply' }).click();
    const inspector = dialog(page, 'Why this reply');
    const lore = inspector.getByTestId('inspector-lore');
    await lore.waitFor({ timeout: 15_000 });
    await lore.getByText(/Triggered by “lantern”/).waitFor();
    expect(await lore.getByText('The storm').count()).toBe(0);
    await inspector.getByText('2 coins', { exact: true }).waitFor();
    await screenshot(page, 'steer-inspector-1280');

    // Drop the entry for this conversation: the next prompt goes without it though the lantern is named again.
    await lore.getByRole('switch', { name: 'Use “The lantern” in this conversation' }).click();
    await lore.getByText(/off from the next reply/).waitFor();
    await inspector.getByRole('button', { name: 'Close' }).click();
    await inspector.waitFor({ state: 'hidden' });
    await send('Tell me more about the lantern, and the storm.');
    expect(lastSystem()).not.toContain(LANTERN);
    expect(lastSystem()).toContain(STORM);

    // Branch from the first reply: the branch holds the history up to it, and the header says which branch it is.
    const firstReply = replies.nth(1);
    await firstReply.hover();
    await firstReply.getByRole('button', { name: 'Branch from here' }).click();
    await expect.poll(() => bubbles(page).count(), { timeout: 15_000 }).toBe(3);
    const switcher = page.getByRole('button', { name: /branches\. Switch branch$/ });
    await switcher.getByText('2/2').waitFor({ timeout: 10_000 });
    // The entry stays off in the branch.
    await send('And the lantern tonight?');
    expect(lastSystem()).not.toContain(LANTERN);
    await screenshot(page, 'steer-branch-1280');

    // Search this chat on a phone: the branch's four lines about the lantern; picking the first one shows it.
    await page.setViewportSize(MOBILE);
    await page.getByRole('button', { name: 'Search this chat' }).click();
    const search = dialog(page, 'Search this chat');
    await search.getByRole('searchbox', { name: 'Search the chat with Juniper Vale' }).fill('lantern');
    const matches = search.getByRole('list', { name: 'Matches' }).getByRole('button');
    await expect.poll(() => matches.count(), { timeout: 15_000 }).toBe(4);
    expect((await matches.allInnerTexts()).map((t) => t.split(' · ')[0])).toEqual(['Juniper Vale', 'You', 'Juniper Vale', 'You']);
    await screenshot(page, 'steer-search-390');
    await matches.filter({ hasText: 'Is that an old lantern' }).click();
    await search.waitFor({ state: 'hidden' });
    await expect.poll(() => page.getByText('Is that an old lantern in your hand?').isVisible(), { timeout: 15_000 }).toBe(true);

    // A daily cap of what was spent today (three messages, 6 coins): the next message is refused, in words, with
    // the way to raise it, and nothing is charged.
    await apiCall(h, api.billing.updateSpendingLimits, { body: { daily: 6, monthly: null, confirmAbove: null }, token: auth.accessToken });
    const before = await replies.count();
    await composer.fill('One more about the storm.');
    await untilSendIsOn(page);
    await composer.press('Enter');
    const banner = page.getByRole('alert').filter({ hasText: 'spending limit' });
    await banner.waitFor({ timeout: 15_000 });
    expect(await banner.textContent()).toContain(
      'This costs 2 coins, which would pass your daily spending limit of 6 (0 coins left today). You can raise it in Settings → Spending limits.',
    );
    await banner.getByRole('link', { name: 'Raise my daily limit' }).waitFor();
    expect(await replies.count()).toBe(before);
    // On a phone the words keep the banner's width (the buttons go below them), not a column of one word a line.
    const words = await banner.getByText(/^This costs 2 coins/).boundingBox();
    expect(words!.width).toBeGreaterThan(MOBILE.width / 2);
    // The "Branch 2 made" toast covers the banner's buttons on a phone until it goes by itself (5 s).
    await page.getByText('Branch 2 made').waitFor({ state: 'hidden', timeout: 15_000 });
    await screenshot(page, 'steer-cap-390');
    await page.setViewportSize(DESKTOP);
    await screenshot(page, 'steer-cap-1280');
    const coins = await apiCall(h, api.billing.coinsInfo, { token: auth.accessToken });
    expect(coins.balance).toBe(20 - 6);
    expectClean(p, 'steering a reply');
    await p.context.close();
  }, 180_000);
});
