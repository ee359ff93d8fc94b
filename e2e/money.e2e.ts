// Money journeys against the real server (PAYMENTS_MODE=sandbox, the default; ADMIN_EMAILS for the admin who marks
// a character premium; the tiny GGUF of chat.e2e.ts as the language model) and Chromium: a coin pack bought in the
// built-in test-mode checkout (a decline first, then 4242…), a premium character refused before subscribing (the
// membership modal), a membership paid with the card that asks for confirmation, its tier and permissions, the
// premium character's chat open with a message sent, the monthly coins, and a cancellation with its end date.
import type { Page } from 'playwright-core';
import { api, type AuthResponse } from '@reverie/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiCall, DESKTOP, expectClean, header, MOBILE, signedInPage, registerReadyUser, tinyModelEnv } from './flows.ts';
import { describeE2E, launchBrowser, newPage, passAgeGate, screenshot, startServer, type Harness } from './harness.ts';

const ADMIN_EMAIL = 'money-admin@example.com';

const TEST_MODE = 'Test mode — no real money';

/** The header's coin balance as a number (the button's label reads "Coin balance: 1,234. Get more coins"). */
async function headerCoins(page: Page): Promise<number> {
  const label =
    (await header(page)
      .getByRole('link', { name: /^Coin balance:/ })
      .getAttribute('aria-label')) ?? '';
  return Number(/Coin balance: ([\d,]+)/.exec(label)?.[1]?.replace(/,/g, '') ?? NaN);
}

async function waitForHeaderCoins(page: Page, expected: number) {
  await header(page)
    .getByRole('link', { name: `Coin balance: ${expected.toLocaleString('en-US')}. Get more coins` })
    .waitFor({ state: 'visible', timeout: 10_000 });
}

async function fillCard(page: Page, number: string) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
}

describeE2E('coins and memberships (real server + Chromium, sandbox payments)', () => {
  const h = {} as Harness;
  const suffix = Date.now().toString(36);
  const email = `mona_${suffix}@example.com`;
  const password = 'golden-coins-7';
  const premiumName = `Seraphine Gilt ${suffix}`;
  let premiumId: string;

  beforeAll(async () => {
    h.server = await startServer({
      env: { ADMIN_EMAILS: ADMIN_EMAIL, ...tinyModelEnv() },
    });
    h.browser = await launchBrowser();
    await registerReadyUser(h, { email, username: `mona_${suffix}`, password });
    // An admin (a configured address, admin from its first sign-in after verification) publishes a character and
    // marks it premium: creators cannot, it is a platform decision.
    await registerReadyUser(h, { email: ADMIN_EMAIL, username: `treasurer_${suffix}`, password: 'premium-keys-42' });
    const admin: AuthResponse = await apiCall(h, api.auth.login, { body: { emailOrUsername: ADMIN_EMAIL, password: 'premium-keys-42' } });
    expect(admin.user.role).toBe('admin');
    const character = await apiCall(h, api.characters.create, {
      token: admin.accessToken,
      body: {
        name: premiumName,
        tagline: 'A jeweller who trades in secrets',
        description: 'She keeps a shop of gilded curiosities and knows everyone in the city by the price they paid.',
        greeting: '*Seraphine sets down her loupe.* Members only, darling. What can I find for you?',
        tags: ['female', 'fantasy', 'sfw'],
        visibility: 'public',
      },
    });
    premiumId = character.id;
    await apiCall(h, api.admin.characterPremium, {
      token: admin.accessToken,
      params: { id: premiumId },
      body: { premium: true, reason: 'A members-only story for the launch' },
    });
  }, 120_000);
  afterAll(async () => {
    await h.browser?.close().catch(() => undefined);
    await h.server?.stop();
  });

  it('a guest landing on a success page is told nothing happened', async () => {
    const p = await newPage(h, DESKTOP);
    await passAgeGate(p.page);
    try {
      await p.page.goto('/payment/success?session_id=cs_sbx_madeup');
      await p.page.getByText('Sign in to see this payment').waitFor({ state: 'visible', timeout: 15_000 });
      expect(await p.page.getByText(/coins added/i).count()).toBe(0);
      expectClean(p, 'guest on /payment/success');
    } finally {
      await p.context.close();
    }
  });

  it('buys a coin pack: a declined card shows the decline, 4242… pays and the balance rises', async () => {
    const p = await signedInPage(h, email, password);
    const { page } = p;
    try {
      await page.goto('/coins');
      await page.getByTestId('coins-balance').waitFor({ state: 'visible', timeout: 15_000 });
      const before = await headerCoins(page);
      expect(Number.isFinite(before)).toBe(true);
      await page.getByRole('heading', { name: 'Coin packs' }).waitFor();
      await page.getByText(/of 50 left today/).waitFor();
      await screenshot(page, 'money-coins-1280', { fullPage: true });

      await page.getByRole('button', { name: /^Buy for \$1\.99: Handful, 100 coins$/ }).click();
      await page.waitForURL(/\/sandbox\/checkout\/cs_/, { timeout: 10_000 });
      await page.getByText(TEST_MODE).first().waitFor({ state: 'visible', timeout: 10_000 });
      await page.getByTestId('checkout-amount').getByText('$1.99').waitFor();
      await screenshot(page, 'money-sandbox-checkout-1280');

      // A declined card: the processor's reason is shown, nothing is credited.
      await fillCard(page, '4000 0000 0000 0002');
      await page.getByRole('button', { name: 'Pay $1.99' }).click();
      await page.getByRole('alert').filter({ hasText: 'Your card was declined.' }).waitFor({ state: 'visible', timeout: 10_000 });
      expect(page.url()).toMatch(/\/sandbox\/checkout\/cs_/);
      await screenshot(page, 'money-sandbox-checkout-declined-1280');
      // The processor remembers the decline: a reload still shows it, and nothing was paid.
      await page.reload();
      await page.getByRole('alert').filter({ hasText: 'Your card was declined.' }).waitFor({ state: 'visible', timeout: 10_000 });

      // Client-side checks before anything is sent.
      await page.getByLabel('Card number').fill('4242 4242 4242 4241');
      await page.getByRole('button', { name: 'Pay $1.99' }).click();
      await page.getByText('Your card number is incorrect.').waitFor();

      await fillCard(page, '4242 4242 4242 4242');
      await page.getByRole('button', { name: 'Pay $1.99' }).click();
      await page.waitForURL(/\/payment\/success\?session_id=cs_/, { timeout: 10_000 });
      await page.getByRole('heading', { name: '100 coins added' }).waitFor({ state: 'visible', timeout: 15_000 });
      await waitForHeaderCoins(page, before + 100);
      expect(await page.getByTestId('outcome-balance').innerText()).toBe((before + 100).toLocaleString('en-US'));

      // The history lists the purchase with its reason.
      await page.getByRole('link', { name: 'Go to your coins' }).click();
      await page
        .getByTestId('coins-balance')
        .getByText((before + 100).toLocaleString('en-US'))
        .waitFor({ timeout: 10_000 });
      const history = page.getByRole('list', { name: 'Coin history' });
      await history.getByText('+100').first().waitFor();

      // A reload of the success page still asks the server and says the same.
      await page.goBack();
      await page.reload();
      await page.getByRole('heading', { name: '100 coins added' }).waitFor({ state: 'visible', timeout: 15_000 });

      await page.setViewportSize(MOBILE);
      await page.goto('/coins');
      await page.getByTestId('coins-balance').waitFor({ state: 'visible', timeout: 15_000 });
      await screenshot(page, 'money-coins-390', { fullPage: true });
      expectClean(p, 'buying a coin pack');
    } finally {
      await p.context.close();
    }
  });

  it('is refused a premium character, subscribes with a card that asks for confirmation, chats with it, claims monthly coins, then cancels and sees the end date', async () => {
    const p = await signedInPage(h, email, password);
    const { page } = p;
    try {
      // Before subscribing: the server refuses the premium character's chat and the membership modal opens.
      const refused = page.waitForResponse((r) => new URL(r.url()).pathname === `/api/chat/${premiumId}`);
      await page.goto(`/chat/${premiumId}`);
      const answer = await refused;
      expect(answer.status()).toBe(403);
      expect(((await answer.json()) as { error: { code: string } }).error.code).toBe('MEMBERSHIP_REQUIRED');
      const modal = page.getByRole('dialog', { name: 'Become a member to chat with premium characters' });
      await modal.waitFor({ state: 'visible', timeout: 15_000 });
      await modal.getByText('Premium characters', { exact: true }).waitFor();
      expect(await page.getByLabel(`Message ${premiumName}`).count()).toBe(0);
      await screenshot(page, 'money-premium-modal-1280');
      await page.setViewportSize(MOBILE);
      await screenshot(page, 'money-premium-modal-390');
      await page.setViewportSize(DESKTOP);
      // "Not now" leaves the page saying why, with the way back to the plans.
      await modal.getByRole('button', { name: 'Not now' }).click();
      await page.getByRole('heading', { name: 'A premium character' }).waitFor();
      await page.getByText('Premium characters need a Premium membership.').waitFor();
      await screenshot(page, 'money-premium-refused-1280');
      await page.getByRole('button', { name: 'See memberships' }).click();
      await modal.getByRole('link', { name: 'See membership plans' }).click();
      await page.waitForURL((url) => url.pathname === '/subscribe');

      const premium = page.getByTestId('plan-premium');
      await premium.waitFor({ state: 'visible', timeout: 15_000 });
      await page.getByTestId('plan-free').getByText('Current plan', { exact: true }).waitFor({ timeout: 10_000 });
      expect(await premium.getByTestId('plan-price').innerText()).toContain('$9.99');
      await page.getByRole('radio', { name: /Yearly/ }).click();
      await premium.getByText('Billed $95.90 yearly').waitFor();
      await screenshot(page, 'money-subscribe-yearly-1280', { fullPage: true });
      await page.getByRole('radio', { name: /Monthly/ }).click();
      await screenshot(page, 'money-subscribe-1280', { fullPage: true });

      await premium.getByRole('button', { name: 'Get Premium' }).click();
      await page.waitForURL(/\/sandbox\/checkout\/cs_/, { timeout: 10_000 });
      await page.getByTestId('checkout-amount').waitFor({ state: 'visible', timeout: 10_000 });
      await page.getByText(TEST_MODE).first().waitFor();
      await fillCard(page, '4000 0025 0000 3155');
      await page.getByRole('button', { name: 'Subscribe · $9.99' }).click();
      await page.getByRole('heading', { name: 'Confirm this payment' }).waitFor({ state: 'visible', timeout: 10_000 });
      await page.getByText(TEST_MODE).first().waitFor();
      await screenshot(page, 'money-sandbox-confirm-1280');
      await page.getByRole('button', { name: 'Complete authentication' }).click();
      await page.waitForURL(/\/subscription\/success\?session_id=cs_/, { timeout: 10_000 });
      await page.getByRole('heading', { name: 'Welcome to Premium' }).waitFor({ state: 'visible', timeout: 15_000 });

      // Tier and permissions: the plan is marked current and the allowances are Premium's.
      await page.goto('/subscribe');
      await premium.getByText('Current plan', { exact: true }).waitFor({ timeout: 10_000 });
      expect(await page.getByTestId('plan-free').getByText('Current plan', { exact: true }).count()).toBe(0);
      await premium.getByRole('link', { name: 'Manage membership' }).waitFor();
      await page.goto('/coins');
      await page.getByText('Premium plan').waitFor({ timeout: 15_000 });
      await page.getByText(/of 500 left today/).waitFor();

      // A member now: the premium character's chat opens and answers.
      await page.goto(`/chat/${premiumId}`);
      const composer = page.getByLabel(`Message ${premiumName}`);
      await composer.waitFor({ state: 'visible', timeout: 20_000 });
      await page.getByText('Members only, darling. What can I find for you?').waitFor();
      expect(await page.getByRole('dialog', { name: /Become a member/ }).count()).toBe(0);
      await composer.fill('Show me your rarest piece, please.');
      await composer.press('Enter');
      await page.getByTestId('message-user').getByText('Show me your rarest piece, please.').waitFor();
      const replies = page.getByTestId('message-assistant');
      await expect.poll(() => replies.count(), { timeout: 30_000 }).toBe(2);
      await page.getByRole('button', { name: 'Regenerate reply' }).waitFor({ timeout: 30_000 });
      expect((await replies.last().innerText()).trim().length).toBeGreaterThan(0);
      await screenshot(page, 'money-premium-chat-1280');

      await page.goto('/coins');
      await page.getByText('Premium plan').waitFor({ timeout: 15_000 });
      const before = await headerCoins(page);
      await page.getByRole('button', { name: 'Claim 300 coins' }).click();
      await page.getByText('300 coins claimed').first().waitFor({ state: 'visible', timeout: 10_000 });
      await waitForHeaderCoins(page, before + 300);
      await page.getByRole('button', { name: 'Claimed this month' }).waitFor({ timeout: 10_000 });
      expect(await page.getByTestId('claim-countdown').innerText()).toMatch(/^Next claim in \d+d \d+h/);

      await page.goto('/subscription/manage');
      await page.getByTestId('manage-plan').getByText('Premium').waitFor({ timeout: 15_000 });
      await page.getByText('Renews on').waitFor();
      await page.getByTestId('payment-method').getByText('•••• 3155').waitFor();
      await page.getByRole('list', { name: 'Invoices' }).getByText('$9.99').first().waitFor();
      await screenshot(page, 'money-manage-1280', { fullPage: true });

      // Replacing the card: a declined card is refused in the dialog, 4242… is saved for renewals.
      await page.getByRole('button', { name: 'Update card' }).click();
      const cardDialog = page.getByRole('dialog', { name: 'Update your card' });
      await cardDialog.getByText(TEST_MODE).waitFor();
      await fillCard(page, '4000 0000 0000 0002');
      await cardDialog.getByRole('button', { name: 'Save card' }).click();
      await cardDialog.getByRole('alert').filter({ hasText: 'declined' }).waitFor({ state: 'visible', timeout: 10_000 });
      await fillCard(page, '4242 4242 4242 4242');
      await cardDialog.getByRole('button', { name: 'Save card' }).click();
      await cardDialog.waitFor({ state: 'detached', timeout: 10_000 });
      await page.getByTestId('payment-method').getByText('•••• 4242').waitFor({ timeout: 10_000 });

      const periodEnd = await page.getByTestId('manage-period-end').innerText();
      await page.getByRole('button', { name: 'Cancel membership' }).click();
      const confirm = page.getByRole('dialog', { name: 'Cancel your membership?' });
      await confirm.getByText(periodEnd, { exact: false }).waitFor();
      await confirm.getByRole('button', { name: 'Cancel membership' }).click();
      await page.getByText('Ends on', { exact: true }).waitFor({ state: 'visible', timeout: 10_000 });
      expect(await page.getByTestId('manage-period-end').innerText()).toBe(periodEnd);
      await page.getByText(`Cancels ${periodEnd}`).waitFor();
      await page.getByRole('button', { name: 'Resume membership' }).waitFor();
      await screenshot(page, 'money-manage-canceled-1280', { fullPage: true });

      await page.setViewportSize({ width: 1024, height: 800 });
      await page.goto('/subscribe');
      await page.getByTestId('plan-premium').getByText('Ends', { exact: false }).first().waitFor({ timeout: 15_000 });
      await screenshot(page, 'money-subscribe-1024', { fullPage: true });
      await page.goto('/coins');
      await page.getByRole('button', { name: 'Claimed this month' }).waitFor({ timeout: 15_000 });
      await screenshot(page, 'money-coins-1024', { fullPage: true });

      await page.setViewportSize(MOBILE);
      await page.goto('/subscription/manage');
      await page.getByRole('button', { name: 'Resume membership' }).waitFor({ timeout: 15_000 });
      await screenshot(page, 'money-manage-390', { fullPage: true });
      await page.goto('/subscribe');
      await page.getByTestId('plan-premium').waitFor({ state: 'visible', timeout: 15_000 });
      await screenshot(page, 'money-subscribe-390', { fullPage: true });
      expectClean(p, 'a premium character, subscribing, chatting, claiming and cancelling');
    } finally {
      await p.context.close();
    }
    // The longest journey here (about 40 steps and a reply from the tiny model): a loaded CI machine took over 60 s.
  }, 150_000);

  it('the checkout on a phone: test mode, summary and card form fit 390 px; cancel returns to the app', async () => {
    const p = await signedInPage(h, email, password);
    const { page } = p;
    try {
      await page.setViewportSize(MOBILE);
      await page.goto('/coins');
      await page.getByRole('button', { name: /^Buy for .*: Chest,/ }).click();
      await page.waitForURL(/\/sandbox\/checkout\/cs_/, { timeout: 10_000 });
      await page.getByTestId('checkout-amount').waitFor({ state: 'visible', timeout: 10_000 });
      await page.getByLabel('Card number').waitFor();
      expect(await page.getByText(TEST_MODE).first().isVisible()).toBe(true);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await screenshot(page, 'money-sandbox-checkout-390', { fullPage: true });
      await page.getByRole('button', { name: 'Cancel and return to Reverie' }).click();
      await page.waitForURL(/\/payment\/cancel\?session_id=cs_/, { timeout: 10_000 });
      await page.getByRole('heading', { name: 'Checkout canceled' }).waitFor({ state: 'visible', timeout: 15_000 });
      await page.getByText(/Nothing was charged/).waitFor();
      expectClean(p, 'cancelling a checkout on a phone');
    } finally {
      await p.context.close();
    }
  });
});
