// Pages that hold still and links that land (issue #46.9, #46.10), against the real server and Chromium: the
// cumulative layout shift (PerformanceObserver 'layout-shift') of the home page and a character page on a phone and
// a desktop stays at or under 0.05; /settings#account-data and #delete-account open at their cards; public pages
// carry their own title and meta description. Screenshots at 390 and 1280 px go to e2e/artifacts/.
import type { Page } from 'playwright-core';
import { api } from '@reverie/shared';
import { beforeAll, expect, it } from 'vitest';
import { apiCall, DESKTOP, expectClean, MOBILE, pageWithSession, registerReadyUser } from './flows.ts';
import { describeE2E, newPage, passAgeGate, screenshot, useHarness } from './harness.ts';

const MAX_CLS = 0.05;

/** Sums every layout shift without recent input from the first paint on (registered before the page's scripts). */
async function watchLayoutShift(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __cls: number; __shifts: string[] };
    w.__cls = 0;
    w.__shifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as Array<{
        value: number;
        hadRecentInput: boolean;
        sources?: Array<{ node?: Node }>;
      }>) {
        if (entry.hadRecentInput) continue;
        w.__cls += entry.value;
        const nodes = (entry.sources ?? []).map((s) =>
          s.node instanceof Element ? `${s.node.tagName.toLowerCase()}.${s.node.className}`.slice(0, 80) : '?',
        );
        w.__shifts.push(`${entry.value.toFixed(4)} ${nodes.join(' | ')}`);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The page's layout shift once it has loaded and stood still for 3 s. */
async function layoutShiftAfterLoad(page: Page, url: string): Promise<{ cls: number; shifts: string[] }> {
  await page.goto(url);
  await page.getByRole('heading', { level: 1 }).first().waitFor({ state: 'visible', timeout: 20_000 });
  await page.waitForTimeout(3_000);
  return page.evaluate(() => {
    const w = window as unknown as { __cls: number; __shifts: string[] };
    return { cls: w.__cls, shifts: w.__shifts };
  });
}

describeE2E('layout shift, anchors and page descriptions (real server + Chromium)', () => {
  const h = useHarness();
  const suffix = Date.now().toString(36);
  let auth: Awaited<ReturnType<typeof registerReadyUser>>;
  let characterId = '';

  beforeAll(async () => {
    auth = await registerReadyUser(h, { email: `still_${suffix}@example.com`, username: `still_${suffix}`, password: 'hold-still-42' });
    const character = await apiCall(h, api.characters.create, {
      token: auth.accessToken,
      body: {
        name: 'Juniper Vale',
        tagline: 'Keeper of the northern lighthouse',
        description: 'A lighthouse keeper with a lantern and a dry wit.',
        greeting: '*Juniper lifts the lantern.* Welcome aboard, {{user}}.',
        tags: ['female', 'fantasy', 'sfw'],
        visibility: 'public',
      },
    });
    characterId = character.id;
  });

  it.each([
    ['390', MOBILE],
    ['1280', DESKTOP],
  ])(
    'a guest at %s px: the home page and a character page shift by at most 0.05',
    async (name, viewport) => {
      for (const [what, url] of [
        ['home', '/'],
        ['character', `/characters/${characterId}`],
      ] as const) {
        const p = await newPage(h, viewport);
        try {
          await passAgeGate(p.page);
          await watchLayoutShift(p.page);
          const { cls, shifts } = await layoutShiftAfterLoad(p.page, url);
          console.log(`[cls] ${what} at ${name} px: ${cls.toFixed(4)}\n  ${shifts.join('\n  ')}`);
          await screenshot(p.page, `layout-shift-${what}-${name}`);
          expect(cls, `${what} at ${name} px:\n${shifts.join('\n')}`).toBeLessThanOrEqual(MAX_CLS);
          expectClean(p, `${what} at ${name} px`);
        } finally {
          await p.context.close();
        }
      }
    },
    120_000,
  );

  it.each([
    ['390', MOBILE],
    ['1280', DESKTOP],
  ])(
    'at %s px, /settings#account-data and #delete-account open at their cards',
    async (name, viewport) => {
      const p = await pageWithSession(h, auth, viewport);
      const { page } = p;
      try {
        for (const [id, title] of [
          ['account-data', 'Your data'],
          ['delete-account', 'Delete account'],
        ] as const) {
          await page.goto(`/settings#${id}`);
          const section = page.getByRole('region', { name: title });
          await section.waitFor({ state: 'visible', timeout: 20_000 });
          // The window scrolls to it (the last cards reach the page's end first) and it stays in view, under the
          // fixed header, while the cards above load.
          const inView = async () => {
            const box = await section.boundingBox();
            const scrolled = await page.evaluate(() => window.scrollY);
            return !!box && scrolled > 0 && box.y >= 0 && box.y < viewport.height - 120;
          };
          await expect.poll(inView, { timeout: 10_000 }).toBe(true);
          await page.waitForTimeout(1_500);
          expect(await inView(), `#${id} at ${name} px`).toBe(true);
          await screenshot(page, `settings-anchor-${id}-${name}`);
        }
        expectClean(p, `settings anchors at ${name} px`);
      } finally {
        await p.context.close();
      }
    },
    90_000,
  );

  it('public pages have their own title and meta description', async () => {
    const p = await newPage(h, DESKTOP);
    const { page } = p;
    const description = () => page.locator('meta[name="description"]').getAttribute('content');
    try {
      await passAgeGate(page);
      await page.goto(`/characters/${characterId}`);
      await expect.poll(() => page.title(), { timeout: 15_000 }).toBe('Juniper Vale · Reverie');
      await expect.poll(description).toBe('Chat with Juniper Vale on Reverie. Keeper of the northern lighthouse');
      await page.goto(`/creators/${auth.user.id}`);
      await expect.poll(() => page.title(), { timeout: 15_000 }).toBe(`@${auth.user.username} · Reverie`);
      await expect.poll(description).toMatch(new RegExp(`^AI characters by @${auth.user.username} on Reverie\\.`));
      await page.goto('/legal/privacy-policy');
      await expect.poll(() => page.title(), { timeout: 15_000 }).toBe('Privacy Policy · Reverie');
      // The document's own summary, not the site's description.
      const legal = await apiCall(h, api.content.legalPage, { params: { slug: 'privacy-policy' } });
      await expect.poll(async () => (await description())?.slice(0, 30)).toBe(legal.summary.replace(/\s+/g, ' ').trim().slice(0, 30));
      await page.goto('/');
      await expect.poll(() => page.title(), { timeout: 15_000 }).toBe('For You · Reverie');
      await expect.poll(description).toMatch(/^Discover AI characters picked for you/);
      expectClean(p, 'public page titles');
    } finally {
      await p.context.close();
    }
  });
});
