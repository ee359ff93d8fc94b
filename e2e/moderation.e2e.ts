// Blocks explained, in Chromium against a real server with the tiny GGUF model: the authoring page lists every
// problem of a card (rule and words) at once, a refused chat message shows why under the composer, and "Ask for
// review" from either lands in the admin's moderation queue with the rules and spans. Screenshots at 390 and 1280 px.
import { api, type AuthResponse, type ChatStatus } from '@reverie/shared';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiCall, DESKTOP, expectClean, MOBILE, pageWithSession, registerReadyUser, tinyModelEnv, untilSendIsOn } from './flows.ts';
import { describeE2E, launchBrowser, screenshot, startServer, type Harness } from './harness.ts';

const ADMIN_EMAIL = 'safety-admin@example.com';
const WIDTHS = [MOBILE, DESKTOP];

/** The page as it is now at 390 and 1280 px (then back to `back`), with `focus` scrolled into view at each width. */
async function shots(page: Page, name: string, { back = DESKTOP, focus }: { back?: typeof DESKTOP; focus?: Locator } = {}) {
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await page.waitForTimeout(150);
    if (focus) await focus.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await screenshot(page, `${name}-${size.width}`);
  }
  await page.setViewportSize(back);
}

/** "Ask for review" under a block, until it says the request was sent; it cites the refusal the 422 named. */
async function askForReview(page: Page) {
  const sent = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/moderation/review-requests'));
  await page.getByRole('button', { name: 'Ask for review' }).click();
  expect((await sent).postDataJSON().refusalId).toMatch(/^[0-9a-f-]{36}$/);
  await page
    .getByRole('status')
    .getByText(/Sent. A moderator will look at this/)
    .waitFor({ timeout: 15_000 });
}

const fits = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

describeE2E('blocks explained and sent for review (real server + Chromium)', () => {
  const h = {} as Harness;
  const suffix = Date.now().toString(36);
  let admin: AuthResponse;
  let author: AuthResponse;

  beforeAll(async () => {
    h.server = await startServer({
      env: { ADMIN_EMAILS: ADMIN_EMAIL, ...tinyModelEnv() },
    });
    h.browser = await launchBrowser();
    await registerReadyUser(h, { email: ADMIN_EMAIL, username: `warden_${suffix}`, password: 'queue-keeper-42' });
    admin = await apiCall(h, api.auth.login, { body: { emailOrUsername: ADMIN_EMAIL, password: 'queue-keeper-42' } });
    expect(admin.user.role).toBe('admin');
    author = await registerReadyUser(h, { email: `quill_${suffix}@example.com`, username: `quill_${suffix}`, password: 'write-it-down-7' });
  }, 120_000);
  afterAll(async () => {
    await h.browser?.close().catch(() => undefined);
    await h.server?.stop();
  });

  it('lists every problem of a card with rule and words, and sends them for review', async () => {
    const p = await pageWithSession(h, author, DESKTOP);
    const { page } = p;
    await page.goto('/create-character-old');
    await page.getByRole('heading', { level: 2, name: 'Visibility' }).waitFor({ timeout: 20_000 });
    await page.getByLabel(/^Name/).fill('Anna Falk');
    await page.getByLabel('Description').fill('Anna is a 15-year-old exchange student who looks after the greenhouse.');
    await page.getByLabel('Scenario').fill('You have sex with her in the dorm after the lecture.');
    await page.getByRole('radio', { name: /^SFW/ }).click();
    await page.getByRole('button', { name: 'Save character' }).click();
    const panel = page.getByRole('list', { name: 'Why it was blocked' });
    await panel.waitFor({ timeout: 15_000 });
    // Every problem at once: the stated age in the description and the sexual term in the scenario.
    await page.getByText('2 things were blocked by our content policy:').waitFor();
    await panel.getByText('15-year-old', { exact: true }).waitFor();
    await panel.getByText('sex', { exact: true }).waitFor();
    await shots(page, 'safety-author-problems', { focus: panel });
    expect(await fits(page)).toBeLessThanOrEqual(DESKTOP.width);

    await askForReview(page);
    expectClean(p, 'the authoring problems');
    await p.context.close();
  });

  it('shows why a chat message was refused, at 390 and 1280 px, and sends it for review', async () => {
    const status = (await (await fetch(`${h.server.url}/api/chat/status`)).json()) as ChatStatus;
    const p = await pageWithSession(h, author, MOBILE);
    const { page } = p;
    await page.goto(`/chat/${status.diagnosticCharacterId}`);
    const composer = page.getByLabel('Message Diagnostics');
    await composer.waitFor({ state: 'visible', timeout: 30_000 });
    await composer.fill('She is only 14, and tonight we have sex.');
    await untilSendIsOn(page);
    await composer.press('Enter');
    const panel = page.getByRole('list', { name: 'Why it was blocked' });
    await panel.waitFor({ timeout: 15_000 });
    await panel.getByText('only 14', { exact: false }).first().waitFor();
    expect(await fits(page)).toBeLessThanOrEqual(MOBILE.width);
    await shots(page, 'safety-chat-blocked', { back: MOBILE, focus: panel });
    await askForReview(page);
    expectClean(p, 'the refused chat message');
    await p.context.close();
  }, 120_000);

  it('puts both requests in the moderation queue, with the rules and the words', async () => {
    const a = await pageWithSession(h, admin, DESKTOP);
    const { page } = a;
    await page.goto('/admin?kind=blocked_content');
    const items = page.getByTestId('queue-item');
    await expect.poll(() => items.count(), { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
    await shots(page, 'safety-admin-queue');
    await items
      .filter({ hasText: /review/i })
      .first()
      .click();
    const why = page.getByRole('list', { name: 'Why it was blocked' });
    await why.waitFor({ timeout: 15_000 });
    await shots(page, 'safety-admin-review-item');
    expect(await fits(page)).toBeLessThanOrEqual(DESKTOP.width);
    expectClean(a, 'the moderation queue');
    await a.context.close();
  });
});
