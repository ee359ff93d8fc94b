// Age assurance by region against the real server and Chromium (docs/compliance.md): the operator's proxy (loopback
// here, TRUST_PROXY) says the visitor is in the UK, where NSFW content needs an age check. The NSFW character's page,
// the feed and the header's 18+ switch show the sentence and "Verify my age"; the sandbox's TEST MODE page fails the
// check first (still locked, with a retry), then passes it, and the character opens. 1280 and 390 px, screenshots in
// SHOTS_DIR (default e2e/artifacts).
import path from 'node:path';
import { mkdir } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { api } from '@reverie/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startOpenAiPeer, type OpenAiPeer } from '../apps/server/test/openai-peer.ts';
import { apiCall, DESKTOP, expectClean, MOBILE, pageWithSession, registerReadyUser } from './flows.ts';
import { artifactsDir, describeE2E, launchBrowser, startServer, type Harness } from './harness.ts';

const shotsDir = process.env.SHOTS_DIR ?? artifactsDir;
const shot = async (page: Page, name: string) => {
  await mkdir(shotsDir, { recursive: true });
  await page.screenshot({ path: path.join(shotsDir, `${name}.png`), animations: 'disabled' });
};

describeE2E('age assurance by region (real server + Chromium)', () => {
  const h = {} as Harness;
  const suffix = Date.now().toString(36);
  let nsfwId = '';
  let peer: OpenAiPeer;

  beforeAll(async () => {
    // A model that answers, so a group chat's turns are open (the refusal below is the age check's, not the model's).
    peer = await startOpenAiPeer();
    peer.behave({ kind: 'reply', parts: ['*She pours the tea.* Good evening.'] });
    h.server = await startServer({
      env: {
        ...{ AGE_ASSURANCE_REGIONS: 'GB,US-TX', TRUST_PROXY: 'loopback' },
        ...{ LLM_PROVIDER: 'openai', LLM_BASE_URL: peer.baseUrl, LLM_MODEL: 'peer-model' },
      },
    });
    h.browser = await launchBrowser();
    const creator = await registerReadyUser(h, {
      email: `maker_${suffix}@example.com`,
      username: `maker_${suffix}`,
      password: 'velvet-rope-42',
    });
    const made = await apiCall(h, api.characters.create, {
      token: creator.accessToken,
      body: {
        name: 'Madame Noir',
        tagline: 'Hostess of a velvet-curtained salon',
        description: 'An adult hostess of a candle-lit salon, witty and flirtatious, who welcomes {{user}} with a glass of wine.',
        greeting: '*Madame Noir raises her glass.* Welcome back, {{user}}.',
        tags: ['female', 'romance', 'nsfw'],
        visibility: 'public',
      },
    });
    nsfwId = made.id;
  }, 180_000);
  afterAll(async () => {
    await h.browser?.close().catch(() => undefined);
    await h.server?.stop();
    await peer?.close();
  });

  it('keeps NSFW closed in the UK until a sandbox check passes; a failed check keeps it closed with a retry', async () => {
    const auth = await registerReadyUser(h, { email: `uk_${suffix}@example.com`, username: `uk_${suffix}`, password: 'check-me-please-1' });
    const p = await pageWithSession(h, auth, DESKTOP);
    const { page } = p;
    await p.context.setExtraHTTPHeaders({ 'cf-ipcountry': 'GB' });

    await page.goto(`/characters/${nsfwId}`);
    const notice = page.getByTestId('age-lock-notice');
    await notice.getByText('Where you are, the law asks us to check your age').waitFor({ timeout: 20_000 });
    await expect(page.getByRole('heading', { name: 'Madame Noir' }).count()).resolves.toBe(0);
    await shot(page, 'age-locked-character-1280');

    await page.goto('/');
    await page.getByTestId('age-lock-banner').waitFor({ timeout: 20_000 });
    await expect(page.getByText('Madame Noir').count()).resolves.toBe(0);
    await page.getByTestId('nsfw-toggle').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Verify my age' }).waitFor();
    await shot(page, 'age-locked-toggle-1280');
    await page.keyboard.press('Escape');

    // Verify → the sandbox's TEST MODE page → fail: still locked, with a retry.
    await page.goto(`/characters/${nsfwId}`);
    await notice.getByRole('button', { name: 'Verify my age' }).click();
    await page.waitForURL(/\/age-check\/sandbox\//);
    await page.getByTestId('test-mode-banner').waitFor();
    await page.getByTestId('sandbox-age-pass').waitFor();
    await shot(page, 'age-sandbox-1280');
    await page.getByTestId('sandbox-age-fail').click();
    await page.waitForURL(/\/age-check\/done/);
    await page.getByText('The check did not confirm you are 18 or over').waitFor();
    await shot(page, 'age-failed-1280');

    // The retry passes, and "Continue" leads back to the character, now open.
    await page.getByRole('button', { name: 'Verify my age' }).click();
    await page.waitForURL(/\/age-check\/sandbox\//);
    await page.getByTestId('sandbox-age-pass').click();
    await page.getByText('Your age is verified').waitFor();
    await page.getByRole('link', { name: 'Continue' }).click();
    await page.waitForURL(new RegExp(`/characters/${nsfwId}`));
    await page.getByRole('heading', { name: 'Madame Noir' }).first().waitFor({ timeout: 20_000 });
    await shot(page, 'age-open-character-1280');
    expectClean(p, 'age assurance at 1280');
  }, 180_000);

  it('shows the locked character and the sandbox page at 390 px, and asks nothing where no check is required', async () => {
    const auth = await registerReadyUser(h, { email: `m_${suffix}@example.com`, username: `m_${suffix}`, password: 'small-screen-22' });
    const p = await pageWithSession(h, auth, MOBILE);
    const { page } = p;
    await p.context.setExtraHTTPHeaders({ 'cf-ipcountry': 'US', 'cf-region-code': 'TX' });
    await page.goto(`/characters/${nsfwId}`);
    await page.getByTestId('age-lock-notice').waitFor({ timeout: 20_000 });
    await shot(page, 'age-locked-character-390');
    await page.getByRole('button', { name: 'Verify my age' }).click();
    await page.getByTestId('sandbox-age-abandon').waitFor();
    await shot(page, 'age-sandbox-390');
    await page.getByTestId('sandbox-age-abandon').click();
    await page.getByText('The check was not finished').waitFor();
    await shot(page, 'age-abandoned-390');

    // California is not listed: the same account sees the character without a check.
    await p.context.setExtraHTTPHeaders({ 'cf-ipcountry': 'US', 'cf-region-code': 'CA' });
    await page.goto(`/characters/${nsfwId}`);
    await page.getByRole('heading', { name: 'Madame Noir' }).first().waitFor({ timeout: 20_000 });
    await expect(page.getByTestId('age-lock-notice').count()).resolves.toBe(0);
    expectClean(p, 'age assurance at 390');
  }, 180_000);

  it("in a group chat, an NSFW member's turn asks for the age check in the chat's banner (1280 and 390 px)", async () => {
    const auth = await registerReadyUser(h, { email: `g_${suffix}@example.com`, username: `g_${suffix}`, password: 'salon-group-33' });
    const sfw = await apiCall(h, api.characters.create, {
      token: auth.accessToken,
      body: {
        name: 'Tess Teaward',
        tagline: 'Keeps the tea room on the corner',
        description: 'A calm tea-room keeper who knows every blend and every regular by name.',
        greeting: 'Tea?',
        tags: ['female', 'slice-of-life', 'sfw'],
        visibility: 'public',
      },
    });
    // Made where no check is asked (the API call carries no region); opened from the UK.
    const { group } = await apiCall(h, api.groups.create, {
      token: auth.accessToken,
      body: { name: 'Salon evening', characterIds: [sfw.id, nsfwId] },
    });
    const p = await pageWithSession(h, auth, DESKTOP);
    const { page } = p;
    await p.context.setExtraHTTPHeaders({ 'cf-ipcountry': 'GB' });
    await page.goto(`/group/${group.id}`);
    await page.getByRole('button', { name: 'Let Madame Noir speak' }).click({ timeout: 20_000 });
    const banner = page.getByRole('alert').filter({ hasText: 'Where you are, the law asks us to check your age' });
    await banner.waitFor({ timeout: 20_000 });
    await banner.getByRole('button', { name: 'Verify my age' }).waitFor();
    expect(await banner.getByRole('button', { name: 'Retry' }).count()).toBe(0);
    await shot(page, 'age-locked-group-1280');
    await page.setViewportSize(MOBILE);
    await banner.scrollIntoViewIfNeeded();
    await shot(page, 'age-locked-group-390');
    // The SFW member still speaks.
    await page.getByRole('button', { name: 'Dismiss' }).click();
    await page.getByRole('button', { name: 'Let Tess Teaward speak' }).click();
    await page.getByText('Good evening.').waitFor({ timeout: 20_000 });
    expectClean(p, 'age assurance in a group');
  }, 180_000);
});
