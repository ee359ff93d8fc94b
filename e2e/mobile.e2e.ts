// Phones and honest chrome, against the real server and Chromium: a signed-in user with data (a character, a chat,
// pictures, a support ticket) visits every route at 390 px and no page scrolls sideways; inside a conversation the
// chat is the whole screen (its own header with a way back, no global header or bottom bar, the composer on screen,
// also when the keyboard takes half the height); the footer's links are on every page for guests too; the header's
// controls are at least 44 px tall at 390 px. Screenshots go to e2e/artifacts/.
import { api, LEGAL_SLUGS, type AuthResponse, type GenerateImageResponse } from '@reverie/shared';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSdApiPeer, type SdApiPeer } from '../apps/server/test/sdapi-peer.ts';
import { apiCall, DESKTOP, header, MOBILE, pageWithSession, registerReadyUser } from './flows.ts';
import { describeE2E, launchBrowser, newPage, passAgeGate, screenshot, startServer, type Harness } from './harness.ts';

const FOOTER = [
  ['Terms', '/legal/terms-of-service'],
  ['Privacy', '/legal/privacy-policy'],
  ['2257', '/legal/2257-exemption-statement'],
  ['Content policy', '/legal/content-policy'],
  ['Support & contact', '/support'],
  ['Content removal', '/content-removal'],
  ['Guides', '/guides'],
] as const;

/** Lets a page load its data (lazy route, queries, images) before it is measured. */
async function settle(page: Page) {
  await page.waitForLoadState('load');
  await page.locator('main').waitFor({ state: 'attached', timeout: 15_000 });
  await page.waitForTimeout(900);
}

/** The element's text is shown whole: nothing cut off sideways (an ellipsis leaves scrollWidth above clientWidth). */
const fitsItsBox = (el: Locator) => el.evaluate((node) => node.scrollWidth <= node.clientWidth && node.clientWidth > 0);

const overflow = (page: Page) =>
  page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));

describeE2E('phones and the shell (real server + Chromium)', () => {
  const h = {} as Harness;
  let peer: SdApiPeer;
  let auth: AuthResponse;
  let characterId: string;
  let ticketId: string;
  let guideSlug: string;
  const suffix = Date.now().toString(36);

  beforeAll(async () => {
    peer = await startSdApiPeer({ kind: 'ok', durationMs: 300 });
    h.server = await startServer({ env: { IMAGES_PROVIDER: 'sdapi', IMAGES_URL: peer.url } });
    h.browser = await launchBrowser();
    auth = await registerReadyUser(h, {
      email: `phone_${suffix}@example.com`,
      username: `phone_reader_${suffix}`,
      password: 'pocket-sized-42',
    });
    const token = auth.accessToken;
    const character = await apiCall(h, api.characters.create, {
      token,
      body: {
        name: 'Marisol Quillfeather',
        tagline: 'Cartographer of coastlines that move at night',
        description: 'A mapmaker with ink on her sleeves and a compass that points at whatever you have lost.',
        greeting: '*Marisol unrolls a map across the table.* {{user}}, you came! Help me find the harbour that moved.',
        tags: ['female', 'fantasy', 'sfw'],
        visibility: 'public',
      },
    });
    characterId = character.id;
    // A conversation (opened with the greeting) and a picture of the character.
    await apiCall(h, api.chat.session, { token, params: { characterId } });
    const made = (await apiCall(h, api.images.generate, {
      token,
      body: { prompt: 'Marisol at her map table, lantern light', characterId, visibility: 'public' },
    })) as GenerateImageResponse;
    for (let i = 0; ; i++) {
      const { job } = await apiCall(h, api.images.job, { token, params: { id: made.job.id } });
      if (job.status === 'done') break;
      if (i > 120) throw new Error(`the picture did not finish: ${job.status}`);
      await new Promise((r) => setTimeout(r, 250));
    }
    const ticket = await apiCall(h, api.support.createTicket, {
      token,
      body: {
        subject: 'A very long subject line about my coins that never seem to arrive on my account balance page',
        category: 'billing',
        message: 'I bought the 500 coin pack yesterday and the balance still shows the old number. Receipt: RV-000000000000-XYZ.',
      },
    });
    ticketId = ticket.id;
    guideSlug = (await apiCall(h, api.content.guides)).items[0]?.slug ?? 'getting-started';
  }, 180_000);
  afterAll(async () => {
    await h.browser?.close().catch(() => undefined);
    await h.server?.stop();
    await peer?.close();
  });

  it('no route scrolls sideways at 390 px (signed in, with a character, a chat, pictures and a ticket)', async () => {
    const me = auth.user.id;
    const routes = [
      '/',
      '/ForYouPage',
      '/following',
      '/creators',
      `/creators/${me}`,
      `/characters/${characterId}`,
      '/generate-images',
      `/character-gallery/${characterId}`,
      '/chat',
      '/recent-chats',
      `/chat/${characterId}`,
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
      `/user-gallery/character/${characterId}`,
      '/all-user-images',
      '/search?q=harbour',
      '/features',
      '/tags/fantasy',
      '/favorites',
      '/not-found',
      '/user-profile',
      `/user-profile/${me}`,
      '/create-character',
      '/create-character-old',
      '/user-characters',
      '/verify-email',
      '/restore-account',
      '/keep-account',
      '/test',
      '/auth-debug',
      '/guides',
      `/guides/${guideSlug}`,
      '/support',
      `/support/${ticketId}`,
      '/content-removal',
      '/legal',
      ...LEGAL_SLUGS.map((slug) => `/legal/${slug}`),
    ];
    const p = await pageWithSession(h, auth, MOBILE);
    const { page } = p;
    const wide: string[] = [];
    try {
      for (const route of routes) {
        await page.goto(route);
        await settle(page);
        const { scrollWidth, innerWidth } = await overflow(page);
        if (scrollWidth > innerWidth) {
          wide.push(`${route}: ${scrollWidth} px`);
          await screenshot(page, `mobile-wide-${route}`, { fullPage: true });
        }
      }
      await page.goto('/support');
      await page
        .getByText(/A very long subject line/)
        .first()
        .waitFor({ timeout: 10_000 });
      await screenshot(page, 'mobile-support-390', { fullPage: true });
      await page.goto(`/user-profile/${me}`);
      await page.getByText('Marisol Quillfeather').first().waitFor({ timeout: 10_000 });
      await screenshot(page, 'mobile-profile-390', { fullPage: true });
    } finally {
      await p.context.close();
    }
    expect(wide, 'pages wider than the 390 px screen').toEqual([]);
  }, 480_000);

  it('inside a conversation at 390 px the chat is the whole screen, the composer stays on screen; at 1280 px the shell stays', async () => {
    const p = await pageWithSession(h, auth, MOBILE);
    const { page } = p;
    try {
      await page.goto(`/chat/${characterId}`);
      const composer = page.getByLabel('Message Marisol Quillfeather');
      await composer.waitFor({ timeout: 15_000 });
      await page.getByText(`${auth.user.username}, you came!`).waitFor();
      expect(await header(page).isVisible(), 'the global header (and its search) give way').toBe(false);
      expect(await page.getByTestId('bottom-nav').count(), 'no bottom bar in a conversation').toBe(0);
      expect(await page.getByTestId('site-footer').count(), 'no footer under the conversation').toBe(0);
      const back = page.getByRole('link', { name: 'Back to chats' });
      await back.waitFor({ state: 'visible' });
      const chatHeader = await page
        .getByRole('link', { name: /Marisol Quillfeather/ })
        .first()
        .boundingBox();
      expect(chatHeader!.y, 'the chat header is at the top').toBeLessThan(20);
      const fits = async (height: number, what: string) => {
        const box = await composer.boundingBox();
        expect(box, `${what}: composer rendered`).not.toBeNull();
        expect(box!.y + box!.height, `${what}: composer above the bottom edge`).toBeLessThanOrEqual(height);
        expect(box!.y, `${what}: composer below the chat header`).toBeGreaterThan(chatHeader!.y + chatHeader!.height);
        expect(
          await page.evaluate(() => document.documentElement.scrollHeight),
          `${what}: the page itself does not scroll`,
        ).toBeLessThanOrEqual(height + 1);
      };
      await fits(MOBILE.height, 'full height');
      // Issue 46: the whole name beside the header's buttons (it showed as 'M…'), on two lines if it must.
      expect
        .soft(await fitsItsBox(page.locator('header').getByText('Marisol Quillfeather', { exact: true })), 'name in the chat header')
        .toBe(true);
      await screenshot(page, 'mobile-chat-390');
      // The on-screen keyboard takes the lower half: the composer moves up with the visible area.
      await composer.click();
      await page.setViewportSize({ width: MOBILE.width, height: 420 });
      await page.waitForTimeout(300);
      await fits(420, 'with the keyboard open');
      await screenshot(page, 'mobile-chat-390-keyboard');
      await page.setViewportSize(MOBILE);
      await back.click();
      await page.waitForURL(/\/chat$/);
      await header(page).waitFor({ state: 'visible' });
      await page.getByTestId('bottom-nav').waitFor({ state: 'visible' });
      // The chat list keeps the name whole beside the delete button.
      const row = page.getByRole('link', { name: /Marisol Quillfeather/ }).first();
      await row.waitFor({ timeout: 15_000 });
      expect.soft(await fitsItsBox(row.getByText('Marisol Quillfeather', { exact: true })), 'name in the chat list row').toBe(true);
      await screenshot(page, 'mobile-chats-390');

      await page.setViewportSize(DESKTOP);
      await page.goto(`/chat/${characterId}`);
      await composer.waitFor({ timeout: 15_000 });
      expect(await header(page).isVisible(), 'the header stays on desktop').toBe(true);
      expect(await back.isVisible(), 'no back arrow beside the docked sidebar').toBe(false);
      await screenshot(page, 'mobile-chat-1280');
    } finally {
      await p.context.close();
    }
  }, 120_000);

  it.each([
    ['390', MOBILE],
    ['700', { width: 700, height: 800 }],
    ['1280', DESKTOP],
  ])('at %s px a toast leaves the header and the bottom bar uncovered', async (name, viewport) => {
    const p = await newPage(h, viewport);
    const { page } = p;
    try {
      await passAgeGate(page);
      await page.goto(`/characters/${characterId}`);
      await page.getByRole('button', { name: 'Copy a link to Marisol Quillfeather' }).click({ timeout: 15_000 });
      const toast = page.locator('li').filter({ hasText: /Link copied|Copy this link/ });
      await toast.waitFor({ state: 'visible', timeout: 10_000 });
      await page.waitForTimeout(400);
      const t = (await toast.boundingBox())!;
      const hd = (await header(page).boundingBox())!;
      expect(t.y, 'the toast starts below the header').toBeGreaterThanOrEqual(hd.y + hd.height - 0.5);
      const bar = page.getByTestId('bottom-nav');
      if (await bar.count()) {
        const b = (await bar.boundingBox())!;
        expect(t.y + t.height, 'the toast ends above the bottom bar').toBeLessThanOrEqual(b.y + 0.5);
      }
      await screenshot(page, `mobile-toast-${name}`);
    } finally {
      await p.context.close();
    }
  });

  it.each([
    ['390', MOBILE],
    ['1280', DESKTOP],
  ])(
    'a guest finds the footer links at %s px, and the header controls are big enough to tap',
    async (name, viewport) => {
      const p = await newPage(h, viewport);
      const { page } = p;
      try {
        await passAgeGate(page);
        for (const route of ['/', `/characters/${characterId}`, '/legal']) {
          await page.goto(route);
          const footer = page.getByTestId('site-footer');
          await footer.waitFor({ timeout: 15_000 });
          for (const [label, href] of FOOTER) {
            expect(await footer.getByRole('link', { name: label, exact: true }).getAttribute('href'), `${label} on ${route}`).toBe(href);
          }
        }
        await page.goto('/');
        await page.getByRole('heading', { level: 1 }).waitFor({ timeout: 15_000 });
        await page.getByTestId('site-footer').scrollIntoViewIfNeeded();
        await screenshot(page, `mobile-footer-${name}`);
        await page.getByTestId('site-footer').getByRole('link', { name: '2257', exact: true }).click();
        await page.getByRole('heading', { name: '18 U.S.C. 2257 Exemption Statement', level: 1 }).waitFor({ timeout: 15_000 });
        if (viewport === MOBILE) {
          await page.goto('/');
          await header(page).getByRole('button', { name: 'Sign Up', exact: true }).waitFor({ timeout: 15_000 });
          const small = await header(page)
            .locator('a, button, input')
            .evaluateAll((els) =>
              els
                .filter((el) => (el as HTMLElement).offsetParent !== null)
                .map((el) => ({
                  what: el.getAttribute('aria-label') ?? el.textContent?.trim() ?? el.tagName,
                  h: el.getBoundingClientRect().height,
                }))
                .filter((c) => c.h < 44)
                .map((c) => `${c.what}: ${Math.round(c.h)} px`),
            );
          expect(small, 'header controls under 44 px at 390 px').toEqual([]);
        }
      } finally {
        await p.context.close();
      }
    },
    90_000,
  );
});
