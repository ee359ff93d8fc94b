// Accessibility of every page (issue #46.8): axe-core runs on 20 routes, as a guest and signed in, at 1280 and 390 px,
// against the real server and Chromium. Any critical or serious violation fails the journey with the rule, the page
// and the elements; moderate ones (heading order, a page without an h1) are listed too and fail as well.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, default as AxeCore } from 'axe-core';
import type { Page } from 'playwright-core';
import { api } from '@reverie/shared';
import { beforeAll, expect, it } from 'vitest';
import { apiCall, DESKTOP, MOBILE, pageWithSession, registerReadyUser } from './flows.ts';
import { describeE2E, newPage, passAgeGate, useHarness } from './harness.ts';

// Evaluated through the debugging protocol: the page's CSP (rightly) refuses an inline script tag.
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Impacts that fail the journey. */
const FAILING = new Set(['critical', 'serious', 'moderate']);

/** Waits until the page shows its h1 (up to 15 s) and its loading placeholders are gone (up to 3 s more). */
async function settled(page: Page) {
  await page.waitForFunction(() => !!document.querySelector('h1'), undefined, { timeout: 15_000 }).catch(() => undefined);
  await page.waitForFunction(() => !document.querySelector('main .animate-pulse'), undefined, { timeout: 3_000 }).catch(() => undefined);
  await page.waitForTimeout(150);
}

/** axe-core on the whole document: WCAG 2.x A/AA and best practices, with label-content-name-mismatch switched on. */
async function audit(page: Page): Promise<AxeResults> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(() =>
    (window as unknown as { axe: typeof AxeCore }).axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
      rules: { 'label-content-name-mismatch': { enabled: true } },
      resultTypes: ['violations'],
    }),
  );
}

/** One line per violation and element: "<route> [impact] rule: selector — summary". */
function describeViolations(route: string, results: AxeResults): string[] {
  return results.violations
    .filter((v) => FAILING.has(v.impact ?? ''))
    .flatMap((v) =>
      v.nodes.map((n) => `${route} [${v.impact}] ${v.id}: ${n.target.join(' ')} — ${(n.failureSummary ?? v.help).replace(/\s+/g, ' ')}`),
    );
}

async function auditRoutes(page: Page, routes: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const route of routes) {
    await page.goto(route);
    await settled(page);
    const started = Date.now();
    const results = await audit(page);
    console.log(
      `[a11y] ${route} (${page.viewportSize()?.width} px): ${results.violations.map((v) => `${v.id}(${v.impact}×${v.nodes.length})`).join(' ') || 'clean'} (axe ${Date.now() - started} ms)`,
    );
    for (const line of describeViolations(route, results)) console.log(`[a11y]   ${line}`);
    found.push(...describeViolations(route, results));
  }
  return found;
}

describeE2E('accessibility: axe-core on every route (real server + Chromium)', () => {
  const h = useHarness();
  const suffix = Date.now().toString(36);
  let auth: Awaited<ReturnType<typeof registerReadyUser>>;
  let guestRoutes: string[] = [];
  let memberRoutes: string[] = [];

  beforeAll(async () => {
    auth = await registerReadyUser(h, { email: `axe_${suffix}@example.com`, username: `axe_${suffix}`, password: 'every-page-42' });
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
    const guides = await apiCall(h, api.content.guides);
    guestRoutes = [
      '/',
      '/creators',
      `/characters/${character.id}`,
      `/creators/${auth.user.id}`,
      '/tags/fantasy',
      '/search?q=juniper',
      '/guides',
      `/guides/${guides.items[0]?.slug ?? 'getting-started'}`,
      '/legal',
      '/legal/privacy-policy',
      '/support',
    ];
    memberRoutes = [
      '/settings',
      '/coins',
      '/subscribe',
      '/chat',
      `/chat/${character.id}`,
      '/favorites',
      '/user-characters',
      '/create-character',
      '/generate-images',
    ];
  });

  it.each([
    ['1280', DESKTOP],
    ['390', MOBILE],
  ])(
    'a guest at %s px meets no violation',
    async (_name, viewport) => {
      const p = await newPage(h, viewport);
      try {
        await passAgeGate(p.page);
        expect(await auditRoutes(p.page, guestRoutes)).toEqual([]);
      } finally {
        await p.context.close();
      }
    },
    150_000,
  );

  it.each([
    ['1280', DESKTOP],
    ['390', MOBILE],
  ])(
    'a signed-in member at %s px meets no violation',
    async (_name, viewport) => {
      const p = await pageWithSession(h, auth, viewport);
      try {
        expect(await auditRoutes(p.page, memberRoutes)).toEqual([]);
      } finally {
        await p.context.close();
      }
    },
    150_000,
  );
});
