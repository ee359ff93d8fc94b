// Spending limits against the real server and Chromium: in Settings a first cap applies at once, a raise waits an
// hour (the card says from when), and a link to /settings#spending-limits lands on the card (1280 and 390 px); in the
// chat, a message over the daily cap is refused with the cap's message and a link to the card. Prices show before the
// click, the confirmation threshold asks before a regenerate (also of a reply in the middle, after an edit), and the
// coins page shows a refund under its charge. No free messages and 2 coins a message (a catalogue of our own); replies
// from a local OpenAI-compatible peer.
import { api } from '@reverie/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startOpenAiPeer, type OpenAiPeer } from '../apps/server/test/openai-peer.ts';
import { apiCall, DESKTOP, expectClean, MOBILE, registerReadyUser, signedInPage, untilSendIsOn } from './flows.ts';
import { startPaidServer } from './fixtures/paid-catalog.ts';
import { describeE2E, launchBrowser, screenshot, type Harness } from './harness.ts';

describeE2E('spending limits (real server + Chromium)', () => {
  const h = {} as Harness;
  let peer: OpenAiPeer;
  let removeCatalog: (() => Promise<void>) | undefined;
  const suffix = Date.now().toString(36);
  const email = `sage_${suffix}@example.com`;
  const password = 'thrifty-coins-9';

  beforeAll(async () => {
    peer = await startOpenAiPeer();
    ({ server: h.server, removeCatalog } = await startPaidServer(peer));
    h.browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    await h.browser?.close().catch(() => undefined);
    await h.server?.stop();
    await peer?.close();
    await removeCatalog?.();
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
    // The previous test left a daily cap of 20 with a raise to 50 pending; lower it to 2 (at once).
    const auth = await apiCall(h, api.auth.login, { body: { emailOrUsername: email, password } });
    await apiCall(h, api.billing.addCoins, { body: { amount: 10 }, token: auth.accessToken });
    await apiCall(h, api.billing.updateSpendingLimits, { body: { daily: 2, monthly: null, confirmAbove: null }, token: auth.accessToken });
    const status = (await (await fetch(`${h.server.url}/api/chat/status`)).json()) as { diagnosticCharacterId: string };
    const p = await signedInPage(h, email, password);
    const { page } = p;
    await page.setViewportSize(DESKTOP);
    await page.goto(`${h.server.url}/chat/${status.diagnosticCharacterId}`);
    const composer = page.getByLabel('Message Diagnostics');
    await composer.waitFor({ state: 'visible', timeout: 20_000 });

    // The first message costs the 2 coins the cap allows.
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
      'This costs 2 coins, which would pass your daily spending limit of 2 (0 coins left today). You can raise it in Settings → Spending limits.',
    );
    await screenshot(page, 'spending-cap-chat-1280');
    // The link is chosen by the error's code and names the cap from its details.
    await banner.getByRole('link', { name: 'Raise my daily limit' }).click();
    await page.waitForURL(/\/settings#spending-limits$/);
    await page
      .getByRole('region', { name: 'Spending limits' })
      .getByText('Spent today: 2 coins · 0 coins left')
      .waitFor({ timeout: 15_000 });
    expectClean(p, 'a chat message refused at the cap');
  }, 90_000);

  it('shows prices before the click, asks above the threshold, regenerates a reply in the middle, lists a refund under its charge', async () => {
    const email2 = `penny_${suffix}@example.com`;
    await registerReadyUser(h, { email: email2, username: `penny_${suffix}`, password });
    const auth = await apiCall(h, api.auth.login, { body: { emailOrUsername: email2, password } });
    await apiCall(h, api.billing.addCoins, { body: { amount: 20 }, token: auth.accessToken });
    const balance = async () => (await apiCall(h, api.billing.coinsInfo, { token: auth.accessToken })).balance;
    const status = (await (await fetch(`${h.server.url}/api/chat/status`)).json()) as { diagnosticCharacterId: string };
    const p = await signedInPage(h, email2, password);
    const { page } = p;
    await page.setViewportSize(DESKTOP);
    const chatUrl = `${h.server.url}/chat/${status.diagnosticCharacterId}`;
    await page.goto(chatUrl);
    const composer = page.getByLabel('Message Diagnostics');
    await composer.waitFor({ state: 'visible', timeout: 20_000 });

    // The message's price is under the composer before anything is sent.
    await page.getByText(/^2 coins per message, regenerate or continue · balance \d+$/).waitFor();
    const replies = page.getByTestId('message-assistant');
    for (const [i, [question, answer]] of [
      ['First question.', 'First answer.'],
      ['Second question.', 'Second answer.'],
    ].entries()) {
      peer.behave({ kind: 'reply', parts: [answer!] });
      await composer.fill(question!);
      await untilSendIsOn(page);
      await composer.press('Enter');
      await expect.poll(() => replies.count(), { timeout: 20_000 }).toBe(i + 2);
      await replies.last().getByText(answer!).waitFor({ timeout: 20_000 });
    }
    // Regenerate and continue show what they cost beside their buttons.
    const last = replies.last();
    await last.hover();
    const tag = last.getByTestId('price-tag');
    await tag.waitFor();
    expect(await tag.textContent()).toContain('2 coins');
    expect(await tag.textContent()).toContain('Regenerate or continue: 2 coins (balance');
    await screenshot(page, 'prices-chat-1280');

    // Ask before anything above 1 coin: a regenerate asks first; cancelling spends nothing and asks the model nothing.
    await apiCall(h, api.billing.updateSpendingLimits, { body: { daily: null, monthly: null, confirmAbove: 1 }, token: auth.accessToken });
    await page.reload();
    await composer.waitFor({ state: 'visible', timeout: 20_000 });
    const before = await balance();
    const asked = peer.requests.length;
    await replies.last().hover();
    await replies.last().getByRole('button', { name: 'Regenerate reply' }).click();
    const confirm = page.getByRole('dialog', { name: 'Regenerating this reply costs 2 coins' });
    await confirm.waitFor();
    await screenshot(page, 'prices-confirm-1280');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect(peer.requests.length).toBe(asked);
    expect(await balance()).toBe(before);
    peer.behave({ kind: 'reply', parts: ['Second answer, again.'] });
    await replies.last().hover();
    await replies.last().getByRole('button', { name: 'Regenerate reply' }).click();
    await confirm.getByRole('button', { name: 'Spend 2 coins' }).click();
    await replies.last().getByText('Second answer, again.').waitFor({ timeout: 20_000 });
    await replies.last().getByText('2/2').waitFor();
    await expect.poll(balance).toBe(before - 2);

    // Edit the first question (in the middle): the offer regenerates the reply right after it, at its price.
    const first = page.getByTestId('message-user').first();
    await first.hover();
    await first.getByRole('button', { name: 'Edit message' }).click();
    await first.getByRole('textbox', { name: 'Edit message' }).fill('First question, changed.');
    await first.getByRole('button', { name: 'Save', exact: true }).click();
    const offer = page.getByRole('status').filter({ hasText: 'Regenerate the reply after it?' });
    await offer.waitFor();
    expect(await offer.getByTestId('price-tag').textContent()).toContain('2 coins');
    await screenshot(page, 'regenerate-middle-offer-1280');
    peer.behave({ kind: 'reply', parts: ['Changed answer.'] });
    await offer.getByRole('button', { name: 'Regenerate reply' }).click();
    await confirm.getByRole('button', { name: 'Spend 2 coins' }).click();
    const middle = replies.nth(1);
    await middle.getByText('Changed answer.').waitFor({ timeout: 20_000 });
    await middle.getByText('2/2').waitFor();
    // Its prompt ended at the edited question; later messages are as they were.
    const prompt = JSON.stringify(peer.requests.at(-1)!.body.messages);
    expect(prompt).toContain('First question, changed.');
    expect(prompt).not.toContain('Second question.');
    await page.getByText('Second question.').waitFor();
    await replies.last().getByText('Second answer, again.').waitFor();
    expect(await replies.count()).toBe(3);
    await screenshot(page, 'regenerate-middle-1280');
    // The old reply is kept as an alternative.
    await middle.getByRole('button', { name: 'Previous alternative' }).click();
    await middle.getByText('First answer.').waitFor();

    // A regenerate that fails is refunded; the coins page shows the refund under its charge.
    await apiCall(h, api.billing.updateSpendingLimits, {
      body: { daily: null, monthly: null, confirmAbove: null },
      token: auth.accessToken,
    });
    await page.reload();
    await composer.waitFor({ state: 'visible', timeout: 20_000 });
    peer.behave({ kind: 'http-error', status: 500, message: 'boom' });
    const beforeFailure = await balance();
    await replies.last().hover();
    await replies.last().getByRole('button', { name: 'Regenerate reply' }).click();
    await page.getByRole('alert').waitFor({ timeout: 20_000 });
    await expect.poll(balance).toBe(beforeFailure);
    await page.goto(`${h.server.url}/coins`);
    const history = page.getByRole('list', { name: 'Coin history' });
    const refund = history.getByTestId('refund-row').first();
    await refund.waitFor({ timeout: 15_000 });
    expect(await refund.textContent()).toContain('Refund: the regenerated reply failed or was withheld');
    const charged = history
      .getByRole('listitem')
      .filter({ has: page.getByTestId('refund-row') })
      .first();
    expect(await charged.textContent()).toContain('Regenerated reply');
    expect(await charged.textContent()).toContain('refunded');
    await charged.scrollIntoViewIfNeeded();
    await screenshot(page, 'coins-refund-1280');
    await page.setViewportSize(MOBILE);
    await page.reload();
    await refund.waitFor({ timeout: 15_000 });
    await charged.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
    await screenshot(page, 'coins-refund-390');

    // The chat's prices on a phone.
    await page.goto(chatUrl);
    await composer.waitFor({ state: 'visible', timeout: 20_000 });
    // On a phone the composer's line gives the price of a message, a regenerate and a continue.
    await page.getByText(/^2 coins per message, regenerate or continue · balance \d+$/).waitFor();
    await screenshot(page, 'prices-chat-390');
    expectClean(p, 'prices, the confirmation, a regenerate in the middle and a refund');
  }, 180_000);
});
