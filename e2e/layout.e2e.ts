// The shell's layout and honesty at 390, 1024, 1100 and 1280 px against the real server and Chromium:
// what covers what (bottom bar, toasts, empty states, dialogs), which nav item is current, document titles,
// and pages that must claim nothing that did not happen or that an id names nothing. Screenshots go to e2e/artifacts/.
import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { DESKTOP, dialog, expectClean, header, MOBILE, newestMailLink, onServer, outboxFiles } from './flows.ts';
import { describeE2E, newPage, passAgeGate, screenshot, useHarness } from './harness.ts';

const TABLET = { width: 1024, height: 768 };
const SMALL_DESKTOP = { width: 1100, height: 800 };

type Box = { x: number; y: number; width: number; height: number };

async function box(locator: Locator, what: string): Promise<Box> {
  const b = await locator.boundingBox();
  if (!b) throw new Error(`${what} is not rendered`);
  return b;
}

const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Scrolls the window to the very bottom and waits for layout to settle. */
async function scrollToBottom(page: Page) {
  await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }));
  await page.waitForTimeout(150);
}

/** The bottom bar never covers the last thing on the page once it is scrolled to the end. */
async function expectBottomBarLeavesContentVisible(page: Page, last: Locator, what: string) {
  await scrollToBottom(page);
  const bar = await box(page.getByTestId('bottom-nav'), 'bottom nav');
  const content = await box(last, what);
  expect(content.y + content.height, `${what} ends under the bottom bar`).toBeLessThanOrEqual(bar.y + 0.5);
}

describeE2E('shell layout (real server + Chromium)', () => {
  const h = useHarness();

  it.each([
    ['390', MOBILE],
    ['1024', TABLET],
    ['1100', SMALL_DESKTOP],
    ['1280', DESKTOP],
  ])('home at %s px: the empty state sits under the heading; the bottom bar only below 1024 px', async (name, viewport) => {
    const p = await newPage(h, viewport);
    const { page } = p;
    try {
      await passAgeGate(page);
      await page.goto('/');
      // This server starts without the catalogue seed, so the feed is empty.
      const heading = page.getByRole('heading', { level: 1 });
      await heading.waitFor({ state: 'visible', timeout: 15_000 });
      const empty = page.getByRole('region', { name: 'Nothing here yet' });
      await empty.waitFor({ state: 'visible', timeout: 15_000 });
      // Only the feed's own section: the category chips above it may still be loading their placeholders.
      const cardSkeletons = page.getByRole('region', { name: 'Characters', exact: true }).locator('.animate-pulse');
      expect(await cardSkeletons.count(), 'skeleton cards under the empty state').toBe(0);
      const headingBox = await box(heading, 'the heading');
      const emptyBox = await box(empty, 'the empty state');
      expect(overlaps(headingBox, emptyBox), 'the empty state covers the heading').toBe(false);
      expect(emptyBox.y).toBeGreaterThanOrEqual(headingBox.y + headingBox.height);

      const bar = page.getByTestId('bottom-nav');
      if (viewport.width < 1024) {
        await bar.waitFor({ state: 'visible' });
        await expectBottomBarLeavesContentVisible(page, empty, 'the home empty state');
        // The viewport, not the full page: fixed elements are painted once in a full-page capture.
        await screenshot(page, `layout-home-${name}-bottom`);
      } else {
        expect(await bar.count(), 'the bottom bar repeats the docked sidebar').toBe(0);
        await page.getByTestId('sidebar').waitFor({ state: 'visible' });
      }
      await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
      await screenshot(page, `layout-home-${name}`);
      expect(await page.title()).toBe('For You · Reverie');
      expectClean(p, `home at ${name} px`);
    } finally {
      await p.context.close();
    }
  });

  it.each([
    ['390', MOBILE],
    ['1024', TABLET],
  ])('settings at %s px: nothing floats over the last card', async (name, viewport) => {
    const p = await newPage(h, viewport);
    const { page } = p;
    try {
      await passAgeGate(page);
      await page.goto('/settings');
      const last = page.getByText('Blur images', { exact: true });
      await last.waitFor({ state: 'visible', timeout: 15_000 });
      expect(await page.title()).toBe('Settings · Reverie');
      if (viewport.width < 1024) {
        await expectBottomBarLeavesContentVisible(page, last, 'the last settings row');
      } else {
        expect(await page.getByTestId('bottom-nav').count()).toBe(0);
      }
      await screenshot(page, `layout-settings-${name}`);
      expectClean(p, `settings at ${name} px`);
    } finally {
      await p.context.close();
    }
  });

  it('/ForYouPage and /recent-chats highlight their items in the sidebar (1280) and the bottom bar (390)', async () => {
    const desktop = await newPage(h, DESKTOP);
    const mobile = await newPage(h, MOBILE);
    try {
      await passAgeGate(desktop.page);
      await passAgeGate(mobile.page);
      const current = async (page: Page, scope: Locator) => {
        await page.getByRole('heading', { level: 1 }).first().waitFor({ state: 'visible', timeout: 15_000 });
        return (await scope.locator('[aria-current="page"]').allInnerTexts()).map((t) => t.trim());
      };
      const sidebar = desktop.page.getByTestId('sidebar');
      const bar = mobile.page.getByTestId('bottom-nav');

      await desktop.page.goto('/ForYouPage');
      expect(await current(desktop.page, sidebar)).toEqual(['For You']);
      await desktop.page.goto('/recent-chats');
      expect(await current(desktop.page, sidebar)).toEqual(['Chat']);
      await screenshot(desktop.page, 'layout-recent-chats-1280');

      await mobile.page.goto('/ForYouPage');
      expect(await current(mobile.page, bar)).toEqual(['Home']);
      await mobile.page.goto('/recent-chats');
      expect(await current(mobile.page, bar)).toEqual(['Chats']);
      await screenshot(mobile.page, 'layout-recent-chats-390');
      expectClean(desktop, 'nav highlighting at 1280 px');
      expectClean(mobile, 'nav highlighting at 390 px');
    } finally {
      await desktop.context.close();
      await mobile.context.close();
    }
  });

  it('pages claim nothing that did not happen, and unknown ids are not found', async () => {
    const p = await newPage(h, DESKTOP);
    const { page } = p;
    try {
      await passAgeGate(page);
      // A real (empty) search answers "No results"; a guest on an outcome page is asked to sign in, told nothing paid.
      await page.goto('/search?q=elf');
      await page.getByRole('region', { name: 'No results for “elf”' }).waitFor({ state: 'visible', timeout: 15_000 });
      const cases: Array<[string, RegExp]> = [
        ['/payment/success', /Coins added/],
        ['/subscription/success', /membership is active/i],
      ];
      for (const [path, claim] of cases) {
        await page.goto(path);
        await page.getByText('Sign in to see this payment', { exact: true }).waitFor({ state: 'visible', timeout: 15_000 });
        expect(await page.getByText(claim).count(), `${path} claims something that did not happen`).toBe(0);
      }
      await screenshot(page, 'layout-subscription-success-1280');

      const unknown = '99999999-9999-4999-8999-999999999999';
      const notFound: Array<[string, string]> = [
        [`/characters/${unknown}`, "This character doesn't exist"],
        [`/creators/${unknown}`, "This creator doesn't exist"],
        ['/guides/not-a-guide', "This guide doesn't exist"],
      ];
      for (const [path, heading] of notFound) {
        await page.goto(path);
        await page.getByRole('heading', { name: heading }).waitFor({ state: 'visible', timeout: 15_000 });
        expect(await page.locator('main h1').allInnerTexts(), `${path} shows more than the not-found heading`).toEqual([heading]);
        expect(await page.title()).toMatch(/(not found|doesn't exist) · Reverie$/);
      }
      await screenshot(page, 'layout-guide-not-found-1280');
      expectClean(p, 'the honest pages');
    } finally {
      await p.context.close();
    }
  });

  it('sign-up at 1280×800: with an error showing, the whole dialog fits the window', async () => {
    const p = await newPage(h, DESKTOP);
    const { page } = p;
    try {
      await passAgeGate(page);
      await page.goto('/');
      await header(page).getByRole('button', { name: 'Sign Up', exact: true }).click();
      const signUp = dialog(page, 'Create Your Account');
      await signUp.waitFor({ state: 'visible', timeout: 10_000 });
      await signUp.getByLabel('Email').fill('not-an-address');
      await signUp.getByLabel('Username').fill('someone');
      await signUp.getByRole('button', { name: 'Create Account' }).click();
      await signUp.getByRole('alert').waitFor({ state: 'visible' });

      const overflow = await signUp.evaluate((el) => el.scrollHeight - el.clientHeight);
      expect(overflow, 'the sign-up dialog with an error needs scrolling at 1280×800').toBeLessThanOrEqual(0);
      const frame = await box(signUp, 'the sign-up dialog');
      expect(frame.y, 'the dialog starts above the window').toBeGreaterThanOrEqual(0);
      expect(frame.y + frame.height, 'the dialog ends below the window').toBeLessThanOrEqual(DESKTOP.height);
      const switchLink = signUp.getByRole('button', { name: 'Already have an account? Sign in' });
      await switchLink.scrollIntoViewIfNeeded();
      const link = await box(switchLink, 'the sign-in link');
      expect(link.y).toBeGreaterThanOrEqual(frame.y);
      expect(link.y + link.height).toBeLessThanOrEqual(frame.y + frame.height + 0.5);
      await screenshot(page, 'layout-sign-up-error-1280');
      await switchLink.click();
      await dialog(page, 'Sign in to Reverie').waitFor({ state: 'visible', timeout: 10_000 });
      expectClean(p, 'the sign-up dialog with an error');
    } finally {
      await p.context.close();
    }
  });

  it('sign-up at 390×844: the welcome toast never covers the setup dialog; the banner says the address is unverified', async () => {
    const p = await newPage(h, MOBILE);
    const { page } = p;
    const suffix = Date.now().toString(36);
    const email = `mira_${suffix}@example.com`;
    try {
      const before = await outboxFiles(h.server.dataDir);
      await passAgeGate(page);
      await page.goto('/');
      await header(page).getByRole('button', { name: 'Sign Up', exact: true }).click();
      const signUp = dialog(page, 'Create Your Account');
      await signUp.waitFor({ state: 'visible', timeout: 10_000 });
      await signUp.getByLabel('Email').fill(email);
      await signUp.getByLabel('Username').fill(`mira_${suffix}`);
      await signUp.getByLabel('Password', { exact: true }).fill('moonlight-42');
      await signUp.getByLabel('Confirm Password').fill('moonlight-42');
      await signUp.getByRole('button', { name: 'Create Account' }).click();

      const toast = page.locator('li').filter({ hasText: 'Account Created Successfully!' });
      await toast.waitFor({ state: 'visible', timeout: 10_000 });
      const welcome = dialog(page, 'Welcome Aboard');
      await welcome.getByText('Character Type').waitFor({ state: 'visible', timeout: 10_000 });
      await page.waitForTimeout(400);
      const toastBox = await box(toast, 'the welcome toast');
      for (const action of [welcome.getByTestId('tag-save'), welcome.getByRole('button', { name: 'Sign out' })]) {
        const actionBox = await box(action, 'a setup action');
        expect(overlaps(toastBox, actionBox), `the toast covers "${await action.innerText()}"`).toBe(false);
      }
      expect(overlaps(toastBox, await box(welcome, 'the setup dialog')), 'the toast covers the setup dialog').toBe(false);
      await screenshot(page, 'layout-onboarding-toast-390');

      // Why "Complete Setup" is disabled, until it is not.
      for (const tag of ['Female', 'Fantasy', 'Romance', 'Playful', 'SFW']) {
        await welcome.getByRole('button', { name: tag, exact: true }).first().click();
      }
      await welcome.getByText('To continue: confirm you are 18 or older · agree to the Terms of Service and Privacy Policy').waitFor();
      await welcome.getByLabel('I confirm that I am 18 years old or older').check();
      await welcome.getByRole('checkbox', { name: /I agree to the Terms of Service and Privacy Policy/ }).check();
      expect(await welcome.getByText(/^To continue:/).count()).toBe(0);
      await welcome.getByTestId('tag-save').click();
      await welcome.waitFor({ state: 'detached', timeout: 10_000 });

      const banner = page.getByRole('region', { name: 'E-mail not verified' });
      await banner.waitFor({ state: 'visible', timeout: 10_000 });
      expect(await banner.innerText()).toContain(email);
      await screenshot(page, 'layout-unverified-banner-390');
      const firstLink = await newestMailLink(h.server.dataDir, email, '/verify-email', before);
      await banner.getByRole('button', { name: 'Resend' }).click();
      await banner.getByText('New link sent').waitFor({ state: 'visible', timeout: 10_000 });

      // The link from the first mail was replaced by the one just sent, and says so.
      await page.goto(onServer(h, firstLink));
      await page.getByRole('heading', { name: 'A newer link was sent' }).waitFor({ state: 'visible', timeout: 15_000 });
      expect(await page.getByRole('heading', { name: 'Verification failed' }).count()).toBe(0);
      await screenshot(page, 'layout-superseded-link-390');
      expectClean(p, 'sign-up on a phone');
    } finally {
      await p.context.close();
    }
  });
});
