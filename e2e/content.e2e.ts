// Content journeys against the real server and Chromium: the legal index and pages, guides and the FAQ,
// /features, /test and /auth-debug, at 1280 and 390 px, with screenshots in e2e/artifacts/.
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { apiCall, DESKTOP, expectClean, MOBILE, signedInPage, registerReadyUser } from './flows.ts';
import { api } from '@reverie/shared';
import { describeE2E, newPage, passAgeGate, screenshot, useHarness, type Harness } from './harness.ts';

interface TocEntry {
  id: string;
  text: string;
}

async function guestPage(h: Harness, viewport: { width: number; height: number }) {
  const p = await newPage(h, viewport);
  await passAgeGate(p.page);
  return p;
}

/** The document's TOC has every entry of the API's TOC, and each entry's anchor exists as a heading id. */
async function expectToc(page: Page, toc: TocEntry[], what: string) {
  const nav = page.getByRole('navigation', { name: 'Table of contents' });
  await nav.waitFor({ state: 'attached', timeout: 15_000 });
  const hrefs = await nav.locator('a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
  for (const entry of toc) {
    expect(hrefs, `${what}: TOC link to ${entry.id}`).toContain(`#${entry.id}`);
    expect(await page.locator(`article [id="${entry.id}"]`).count(), `${what}: heading #${entry.id}`).toBe(1);
  }
}

/** Natural widths of the matching images, each scrolled into view first (covers below the fold load lazily). */
async function imagesLoaded(page: Page, selector: string): Promise<number[]> {
  const images = page.locator(selector);
  const widths: number[] = [];
  for (let i = 0; i < (await images.count()); i++) {
    const img = images.nth(i);
    await img.scrollIntoViewIfNeeded();
    await img.evaluate(
      (el) =>
        new Promise<void>((resolve) => {
          const image = el as HTMLImageElement;
          if (image.complete && image.naturalWidth > 0) return resolve();
          image.addEventListener('load', () => resolve(), { once: true });
          image.addEventListener('error', () => resolve(), { once: true });
        }),
    );
    widths.push(await img.evaluate((el) => (el as HTMLImageElement).naturalWidth));
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  return widths;
}

describeE2E('content pages (real server + Chromium)', () => {
  const h = useHarness();

  it('every legal page and every guide renders with its table of contents and no errors', async () => {
    const legal = await apiCall(h, api.content.legalIndex);
    const guides = await apiCall(h, api.content.guides);
    const p = await guestPage(h, DESKTOP);
    try {
      for (const { slug, title } of legal.items) {
        const doc = await apiCall(h, api.content.legalPage, { params: { slug } });
        await p.page.goto(`/legal/${slug}`);
        await p.page.getByRole('heading', { level: 1, name: title }).waitFor({ timeout: 15_000 });
        await expectToc(p.page, doc.toc, slug);
      }
      for (const { slug, title } of guides.items) {
        const doc = await apiCall(h, api.content.guide, { params: { slug } });
        await p.page.goto(`/guides/${slug}`);
        await p.page.getByRole('heading', { level: 1, name: title }).waitFor({ timeout: 15_000 });
        await expectToc(p.page, doc.toc, slug);
        await p.page.getByRole('heading', { name: 'Related guides' }).waitFor();
      }
      // Print: the document and its title stay, the app's header, sidebar and bottom bar go, black on white.
      await p.page.goto('/legal/cookie-policy');
      await p.page.getByRole('heading', { level: 1, name: 'Cookie Policy' }).waitFor();
      await p.page.emulateMedia({ media: 'print' });
      expect(await p.page.getByRole('heading', { level: 1, name: 'Cookie Policy' }).isVisible()).toBe(true);
      expect(await p.page.getByTestId('header').isVisible()).toBe(false);
      expect(await p.page.getByTestId('bottom-nav').isVisible()).toBe(false);
      expect(await p.page.getByRole('button', { name: 'Print' }).isVisible()).toBe(false);
      expect(await p.page.locator('article').evaluate((el) => getComputedStyle(el.querySelector('p')!).color)).toBe('rgb(0, 0, 0)');
      await screenshot(p.page, 'content-print-cookie-policy', { fullPage: true });
      await p.page.emulateMedia({ media: 'screen' });
      expectClean(p, 'visiting every legal page and guide');
      // The shell's initials avatar (product.md §3) is the only other origin; content itself loads nothing from outside.
      expect(p.problems.externalRequests).toEqual([]);
    } finally {
      await p.context.close();
    }
    // 21 pages one after another: a minute is not enough while another journey runs beside it (npm run test:e2e).
  }, 150_000);

  for (const [label, viewport] of [
    ['1280', DESKTOP],
    ['1024', { width: 1024, height: 768 }],
    ['390', MOBILE],
  ] as const) {
    it(`journey at ${label} px: legal index, two legal pages, guides and FAQ, a guide, features, test`, async () => {
      const p = await guestPage(h, viewport);
      const { page } = p;
      try {
        // Legal index: all twelve, each with its one-line summary.
        await page.goto('/legal');
        await page.getByRole('heading', { level: 1, name: 'Legal' }).waitFor();
        const cards = page.locator('main a[href^="/legal/"]').filter({ hasText: 'min read' });
        await cards.first().waitFor({ timeout: 15_000 });
        expect(await cards.count()).toBe(13); // with the crisis protocol (#44.3)
        await page.getByRole('link', { name: /Blocked Content Policy.*refuses automatically/ }).waitFor();
        await screenshot(page, `content-legal-index-${label}`, { fullPage: true });

        // Privacy policy: title, date, TOC; an anchor jump lands on its heading.
        await page.getByRole('link', { name: /^Privacy Policy/ }).click();
        await page.getByRole('heading', { level: 1, name: 'Privacy Policy' }).waitFor();
        await page.getByText('Last updated').waitFor();
        if (viewport.width < 1280) await page.getByText('On this page').first().click();
        const tocLink = page
          .getByRole('navigation', { name: 'Table of contents' })
          .getByRole('link', { name: 'Your rights' })
          .locator('visible=true');
        await tocLink.click();
        await page.waitForURL(/#your-rights$/);
        expect(await page.locator('#your-rights').evaluate((el) => Math.round(el.getBoundingClientRect().top))).toBeLessThan(200);
        await page.evaluate(() => window.scrollTo(0, 0));
        await screenshot(page, `content-privacy-policy-${label}`);

        // Blocked-content policy: the six rules as sections.
        await page.goto('/legal/blocked-content-policy');
        await page.getByRole('heading', { level: 2, name: 'The rules', exact: true }).waitFor();
        await page.getByRole('heading', { level: 3, name: /Sexual content involving minors/ }).waitFor();
        await screenshot(page, `content-blocked-content-policy-${label}`);

        // Guides: cards with covers that load, and a FAQ that filters as you type.
        await page.goto('/guides');
        await page.getByRole('heading', { level: 1, name: 'Guides' }).waitFor();
        await page.locator('main a[href^="/guides/"] img').first().waitFor({ timeout: 15_000 });
        const widths = await imagesLoaded(page, 'main a[href^="/guides/"] img');
        expect(widths.length).toBeGreaterThanOrEqual(9);
        expect(widths.every((w) => w > 0)).toBe(true);
        await screenshot(page, `content-guides-${label}`);
        const search = page.getByRole('searchbox', { name: 'Search the FAQ' });
        await search.scrollIntoViewIfNeeded();
        await page.getByText('Do you store my card?').waitFor();
        await search.fill('refund');
        await page.getByText('Can I get a refund?').waitFor();
        expect(await page.getByText('Do you store my card?').count()).toBe(0);
        await screenshot(page, `content-faq-search-${label}`);
        await search.fill('zzzz nothing');
        await page.getByText('No questions match').waitFor();

        // One guide: cover, TOC, related guides; a related card navigates.
        await page.goto('/guides/lorebooks');
        await page.getByRole('heading', { level: 1, name: 'Lorebooks: worlds that remember' }).waitFor();
        expect((await imagesLoaded(page, 'main header img'))[0]).toBeGreaterThan(0);
        await screenshot(page, `content-guide-lorebooks-${label}`);
        await page.getByRole('heading', { name: 'Related guides' }).scrollIntoViewIfNeeded();
        await page
          .getByRole('link', { name: /Writing a great character/ })
          .last()
          .click();
        await page.getByRole('heading', { level: 1, name: 'Writing a great character' }).waitFor();

        // An unknown guide is the not-found page.
        await page.goto('/guides/no-such-guide');
        await page.getByRole('heading', { name: "This guide doesn't exist" }).waitFor();

        // Features: each feature marked from the server's real routes; live components render.
        await page.goto('/features');
        await page.getByRole('heading', { level: 1, name: 'Features' }).waitFor();
        await page.getByText('Available').first().waitFor({ timeout: 15_000 });
        await page.getByRole('article', { name: 'Guides and FAQ' }).getByText('Available').waitFor();
        await page.getByRole('list', { name: 'Some of the tags on Reverie' }).waitFor();
        await screenshot(page, `content-features-${label}`, { fullPage: true });

        // Test: the server and its services, the version; nothing that looks like an address or secret.
        await page.goto('/test');
        // The headline agrees with the rows: this server's model and image backend refuse (their addresses are
        // closed), and the page must not call that "all systems working".
        const headline = page.locator('#overall + p');
        await headline.getByText(/All systems working|not working|are down/).waitFor({ timeout: 15_000 });
        const down = await page.getByRole('list').filter({ hasText: 'Database' }).getByText('Not working').count();
        expect(await headline.innerText()).toBe(
          down === 0 ? 'All systems working' : `Running, but ${down === 1 ? 'one service is' : `${down} services are`} not working`,
        );
        await page.getByText('Server version').waitFor();
        const text = (await page.locator('main').innerText()).toLowerCase();
        expect(text).toContain('database');
        expect(text).not.toMatch(/127\.0\.0\.1|localhost|postgres:\/\/|smtp:\/\/|econnrefused|password|secret/);
        await screenshot(page, `content-test-${label}`);

        expectClean(p, `the content journey at ${label} px`);
        expect(p.problems.externalRequests).toEqual([]);
      } finally {
        await p.context.close();
      }
    });
  }

  it('/auth-debug shows the session times, user id and tier but never a token; refresh and clear work', async () => {
    const suffix = Date.now().toString(36);
    const email = `lumen_${suffix}@example.com`;
    const password = 'moonlight-42';
    const registered = await registerReadyUser(h, { email, username: `lumen_${suffix}`, password });

    const p = await signedInPage(h, email, password);
    const { page } = p;
    try {
      await page.goto('/auth-debug');
      await page.getByRole('heading', { level: 1, name: 'Session inspector' }).waitFor();
      await page.getByText(registered.user.id).waitFor({ timeout: 15_000 });
      await page.getByText(/\(in \d+ min \d+ s\)/).waitFor();
      await page
        // The free plan's permissions, read from the subscription status (a number per allowance).
        .getByText(/dailyFreeMessages: 50/)
        .first()
        .waitFor();
      const stored = await page.evaluate(() => [localStorage.getItem('rv_access_token'), localStorage.getItem('rv_refresh_token')]);
      const body = await page.locator('main').innerText();
      for (const token of stored) {
        expect(token).toBeTruthy();
        expect(body).not.toContain(token!.slice(0, 12));
      }
      await screenshot(page, 'content-auth-debug-1280');

      await page.getByRole('button', { name: 'Refresh token' }).click();
      await page.getByText('The access token was renewed.').waitFor();
      const renewed = await page.evaluate(() => localStorage.getItem('rv_refresh_token'));
      expect(renewed).not.toBe(stored[1]);

      await page.getByRole('button', { name: 'Clear session' }).click();
      await page.getByText('The session was cleared from this browser.').waitFor();
      expect(await page.evaluate(() => [localStorage.getItem('rv_access_token'), localStorage.getItem('rv_refresh_token')])).toEqual([
        null,
        null,
      ]);
      await page.getByText('Signed out').waitFor();
      expectClean(p, '/auth-debug');
    } finally {
      await p.context.close();
    }
  });
});
