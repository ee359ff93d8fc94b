// Spending limits in Settings against the real server and Chromium: a first cap applies at once, a raise waits an
// hour (the card says from when), and a link to /settings#spending-limits lands on the card, at 1280 and 390 px.
import { expect, it } from 'vitest';
import { DESKTOP, expectClean, MOBILE, registerReadyUser, signedInPage } from './flows.ts';
import { describeE2E, screenshot, useHarness } from './harness.ts';

describeE2E('spending limits (real server + Chromium)', () => {
  const h = useHarness();
  const suffix = Date.now().toString(36);
  const email = `sage_${suffix}@example.com`;
  const password = 'thrifty-coins-9';

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
});
