// Journeys through the app shell against the real server and a real Chromium: age gate, every product.md §2
// route, sidebar, bottom navigation and header search.
import { LEGAL_SLUGS } from '@reverie/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DESKTOP, expectClean, header, MOBILE } from './flows.ts';
import { describeE2E, newPage, passAgeGate, screenshot, useHarness, type E2EPage } from './harness.ts';

const ID = '00000000-0000-0000-0000-000000000001';
const LOAD_ERROR = 'Something went wrong while loading the page.';
const NOT_FOUND = 'Page not found';

/** Every route in product.md §2, with concrete ids. */
const ROUTES = [
  '/',
  '/ForYouPage',
  '/following',
  '/creators',
  `/creators/${ID}`,
  `/characters/${ID}`,
  '/generate-images',
  `/character-gallery/${ID}`,
  '/chat',
  '/recent-chats',
  `/chat/${ID}`,
  '/test-chat',
  '/subscribe',
  '/subscription/manage',
  '/subscription/success',
  '/subscription/cancel',
  '/coins',
  '/payment/success',
  '/payment/cancel',
  '/settings',
  '/showcase',
  '/gallery',
  '/user-gallery',
  `/user-gallery/character/${ID}`,
  '/all-user-images',
  '/search?q=elf',
  '/features',
  '/tags/fantasy',
  '/favorites',
  '/user-profile',
  `/user-profile/${ID}`,
  '/create-character',
  '/create-character-old',
  '/user-characters',
  '/verify-email',
  '/test',
  '/auth-debug',
  '/guides',
  '/guides/getting-started',
  '/legal',
  ...LEGAL_SLUGS.map((slug) => `/legal/${slug}`),
];

const yesButton = (page: Page) => page.getByRole('button', { name: 'Yes, I am 18 or older' });
const noButton = (page: Page) => page.getByRole('button', { name: 'No, I am under 18' });
const ageDialog = (page: Page) =>
  page
    .getByRole('dialog')
    .or(page.getByRole('alertdialog'))
    .filter({ has: yesButton(page) });

/** Waits until the routed page has rendered: the lazy chunk loaded and a heading or some main content is visible. */
async function waitForPageContent(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const body = document.body.innerText;
      if (body.includes('Loading page...')) return false;
      const main = document.querySelector('main') ?? document.body;
      const visible = (el: Element) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden';
      };
      const heading = Array.from(main.querySelectorAll('h1, h2, h3, [role="heading"]')).some(visible);
      return heading || (main.textContent ?? '').trim().length > 0;
    },
    undefined,
    { timeout: 15_000 },
  );
}

describeE2E('app shell (real server + Chromium)', () => {
  const h = useHarness();

  it('age gate: a fresh visitor sees the dialog; Yes shows the app and survives a reload', async () => {
    const p = await newPage(h, DESKTOP);
    const { page } = p;
    try {
      await page.goto('/');
      await ageDialog(page).waitFor({ state: 'visible', timeout: 10_000 });
      await noButton(page).waitFor({ state: 'visible' });
      expect(await header(page).isVisible(), 'the shell stays hidden behind the age gate').toBe(false);
      await screenshot(page, 'age-gate');

      await yesButton(page).click();
      await header(page).waitFor({ state: 'visible', timeout: 10_000 });
      await ageDialog(page).waitFor({ state: 'detached', timeout: 10_000 });
      const stored = await page.evaluate(() => ({
        flag: localStorage.getItem('rv_age_verified'),
        version: localStorage.getItem('rv_age_verified_version'),
        at: Number(localStorage.getItem('rv_age_verified_at')),
      }));
      expect(stored.flag).toBe('true');
      expect(stored.version).toBe('v3');
      expect(Math.abs(Date.now() - stored.at)).toBeLessThan(60_000);

      await page.reload();
      await header(page).waitFor({ state: 'visible', timeout: 10_000 });
      // The modal would appear 500 ms after load; give it well over that.
      await page.waitForTimeout(1_200);
      expect(await ageDialog(page).count(), 'age gate shown again after reload').toBe(0);
      expect(await yesButton(page).count()).toBe(0);
      expectClean(p, 'the age gate journey');
    } finally {
      await p.context.close();
    }
  });

  it('age gate: No sends the visitor to a search engine', async () => {
    const p = await newPage(h, DESKTOP);
    const { page } = p;
    try {
      await page.route('https://www.google.com/**', (r) => r.fulfill({ status: 200, contentType: 'text/plain', body: 'redirected' }));
      await page.goto('/');
      await noButton(page).click({ timeout: 10_000 });
      await page.waitForURL((u) => u.hostname === 'www.google.com', { timeout: 10_000 });
      expect(new URL(page.url()).origin).toBe('https://www.google.com');
      expect(await page.textContent('body')).toContain('redirected');
      expect(await page.evaluate(() => document.location.href)).toMatch(/^https:\/\/www\.google\.com\//);
    } finally {
      await p.context.close();
    }
  });

  describeE2E('every product.md §2 route renders', () => {
    let p: E2EPage;
    beforeAll(async () => {
      p = await newPage(h, DESKTOP);
      await passAgeGate(p.page);
    });
    afterAll(async () => {
      await p?.context.close();
    });

    it.each(ROUTES)('%s', async (route) => {
      const { page } = p;
      const before = p.problemList().length;
      const res = await page.goto(route);
      expect(res?.status(), `HTTP status of ${route}`).toBe(200);
      await waitForPageContent(page);
      expect(await page.getByText(LOAD_ERROR).count(), `${route} shows the load-error panel`).toBe(0);
      expect(await page.getByRole('heading', { name: NOT_FOUND, exact: true }).count(), `${route} shows the not-found page`).toBe(0);
      expect(await header(page).isVisible()).toBe(true);
      const main = page.locator('main');
      if ((await main.count()) > 0) expect((await main.innerText()).trim().length, `${route}: empty <main>`).toBeGreaterThan(0);
      expect(p.problemList().slice(before), `console/page errors on ${route}`).toEqual([]);
    });

    it.each(['/definitely-not-a-page', '/not-found', '/legal/not-a-policy/deeper'])('%s shows the not-found page', async (route) => {
      const { page } = p;
      const before = p.problemList().length;
      await page.goto(route);
      await page.getByRole('heading', { name: NOT_FOUND, exact: true }).waitFor({ state: 'visible', timeout: 15_000 });
      expect(await page.getByText(LOAD_ERROR).count()).toBe(0);
      expect(await header(page).isVisible(), 'the not-found page keeps the shell').toBe(true);
      if (route === '/definitely-not-a-page') await screenshot(page, 'not-found');
      expect(p.problemList().slice(before), `console/page errors on ${route}`).toEqual([]);
    });
  });

  it('sidebar (desktop 1280×800): the toggle collapses it to 64 px and expands it to 256 px', async () => {
    const p = await newPage(h, DESKTOP);
    const { page } = p;
    try {
      await passAgeGate(page);
      await page.goto('/');
      const sidebar = page.getByTestId('sidebar');
      await sidebar.waitFor({ state: 'visible', timeout: 15_000 });
      await waitForPageContent(page);
      const width = async () => Math.round((await sidebar.boundingBox())?.width ?? -1);
      const toggle = page.getByRole('button', { name: 'Toggle sidebar' });

      await expect.poll(width, { timeout: 5_000 }).toBe(256);
      await screenshot(page, 'home-desktop-1280');
      await toggle.click();
      await expect.poll(width, { timeout: 5_000 }).toBe(64);
      // Collapsed: icon-only items, still reachable by their accessible names.
      await page.getByRole('link', { name: 'Favorites' }).first().waitFor({ state: 'visible' });
      await toggle.click();
      await expect.poll(width, { timeout: 5_000 }).toBe(256);
      expectClean(p, 'the sidebar journey');
    } finally {
      await p.context.close();
    }
  });

  it('mobile (390×844): the bottom nav highlights the active item; the sidebar is a drawer', async () => {
    const p = await newPage(h, MOBILE);
    const { page } = p;
    try {
      await passAgeGate(page);
      await page.goto('/');
      const nav = page.getByTestId('bottom-nav');
      await nav.waitFor({ state: 'visible', timeout: 15_000 });
      await waitForPageContent(page);
      await screenshot(page, 'home-mobile-390');

      const current = (name: string) => nav.getByRole('link', { name, exact: true }).getAttribute('aria-current');
      const activeItems = () => nav.locator('[aria-current="page"]').allInnerTexts();
      expect(await current('Home')).toBe('page');

      // Client-side navigation through the bottom nav.
      await nav.getByRole('link', { name: 'Create Image', exact: true }).click();
      await page.waitForURL((u) => u.pathname === '/generate-images');
      await expect.poll(() => current('Create Image')).toBe('page');
      expect((await activeItems()).map((t) => t.trim())).toEqual(['Create Image']);

      await nav.getByRole('link', { name: 'Chats', exact: true }).click();
      await page.waitForURL((u) => u.pathname === '/chat');
      await expect.poll(() => current('Chats')).toBe('page');
      expect((await activeItems()).map((t) => t.trim())).toEqual(['Chats']);

      // A full page load lands on the right item too.
      await page.goto('/generate-images');
      await waitForPageContent(page);
      await expect.poll(() => current('Create Image')).toBe('page');
      await page.goto('/chat');
      await waitForPageContent(page);
      await expect.poll(() => current('Chats')).toBe('page');
      expect(await current('Home')).toBeNull();

      // On a phone the sidebar is hidden until the toggle opens it; an outside press closes it.
      const sidebar = page.getByTestId('sidebar');
      expect(await sidebar.isVisible()).toBe(false);
      await page.getByRole('button', { name: 'Toggle sidebar' }).click();
      await sidebar.waitFor({ state: 'visible' });
      await page.mouse.click(MOBILE.width - 20, MOBILE.height / 2);
      await sidebar.waitFor({ state: 'hidden', timeout: 5_000 });
      expectClean(p, 'the mobile journey');
    } finally {
      await p.context.close();
    }
  });

  it('search: "  elf  " + Enter in the header search box lands on /search?q=elf', async () => {
    const p = await newPage(h, DESKTOP);
    const { page } = p;
    try {
      await passAgeGate(page);
      await page.goto('/');
      const box = header(page).getByRole('searchbox');
      await box.waitFor({ state: 'visible', timeout: 15_000 });
      await waitForPageContent(page);

      // An empty (whitespace-only) query does nothing.
      await box.fill('   ');
      await box.press('Enter');
      await page.waitForTimeout(300);
      expect(new URL(page.url()).pathname).toBe('/');

      await box.fill('  elf  ');
      await box.press('Enter');
      await page.waitForURL((u) => u.pathname === '/search', { timeout: 10_000 });
      const url = new URL(page.url());
      expect(url.pathname + url.search).toBe('/search?q=elf');
      await waitForPageContent(page);
      expect(await page.getByText(LOAD_ERROR).count()).toBe(0);
      expectClean(p, 'the search journey');
    } finally {
      await p.context.close();
    }
  });
});
