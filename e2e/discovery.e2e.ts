// Discovery against the real server, its seeded catalogue and Chromium: a guest browses the feed, opens a
// character, likes it (kept locally), tries to favorite it (sign-up prompt), signs up, sees the local like and
// favorite merged into the account, follows the creator, finds the character by a misspelled search and sees
// the creator's characters on /following. Screenshots of the feed (1280 and 390 px), a profile, a creator page
// and search results go to e2e/artifacts/.
import { api } from '@reverie/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DESKTOP, MOBILE, apiCall, dialog, expectClean, header } from './flows.ts';
import { describeE2E, launchBrowser, newPage, passAgeGate, screenshot, startServer, type Harness } from './harness.ts';

const CHARACTER = 'Seraphina Vale';
const MISSPELLED = 'seraphna';

/**
 * Waits until the portraits in view show their art (on a first start the server renders them in the background
 * and the page retries), so screenshots show it. Gives up quietly after 30 s.
 */
async function imagesSettled(page: Page) {
  await page
    .waitForFunction(
      () =>
        Array.from(document.querySelectorAll('main [aria-label^="Portrait of"], main img'))
          .filter((el) => {
            const r = el.getBoundingClientRect();
            return r.bottom > 0 && r.top < window.innerHeight && r.width > 0;
          })
          .every((el) => el instanceof HTMLImageElement && el.complete && el.naturalWidth > 0),
      undefined,
      { timeout: 30_000 },
    )
    .catch(() => undefined);
}

const cards = (page: Page) => page.getByTestId('character-card');
const card = (page: Page, name: string) => cards(page).filter({ has: page.getByRole('heading', { name, exact: true }) });

describeE2E('discovery (real server + seeded catalogue + Chromium)', () => {
  // Like useHarness, with more time for the first start: it seeds the catalogue and renders 64 portraits.
  const h = {} as Harness;
  beforeAll(async () => {
    h.server = await startServer({ timeoutMs: 240_000, env: { SEED_CONTENT: 'true' } });
    h.browser = await launchBrowser();
  }, 300_000);
  afterAll(async () => {
    await h.browser?.close().catch(() => undefined);
    await h.server?.stop();
  });

  it('guest feed → profile → local like → favorite prompt → sign up → merged → follow → misspelled search → following', async () => {
    const p = await newPage(h, DESKTOP);
    const { page } = p;
    const started = Date.now();
    const step = (what: string) => console.log(`[discovery] ${what} done at ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const suffix = Date.now().toString(36);
    const username = `nova_${suffix}`;
    const email = `nova_${suffix}@example.com`;
    const password = 'starlight-42';
    try {
      await passAgeGate(page);

      // The feed: a living wall of characters, infinite scroll adding more.
      await page.goto('/');
      await card(page, CHARACTER).waitFor({ state: 'visible', timeout: 30_000 });
      expect(await page.title()).toBe('For You · Reverie');
      const firstPage = await cards(page).count();
      expect(firstPage).toBeGreaterThanOrEqual(20);
      await imagesSettled(page);
      await screenshot(page, 'discovery-feed-1280');
      await page.getByTestId('character-card').last().scrollIntoViewIfNeeded();
      await page.waitForFunction((n) => document.querySelectorAll('[data-testid="character-card"]').length > n, firstPage, {
        timeout: 15_000,
      });
      await page.evaluate(() => window.scrollTo(0, 0));
      step('feed');

      // The profile.
      await card(page, CHARACTER).getByRole('link').click();
      await page.getByRole('heading', { level: 1, name: CHARACTER }).waitFor({ state: 'visible', timeout: 15_000 });
      await page.waitForFunction((t) => document.title === t, `${CHARACTER} · Reverie`);
      const characterId = new URL(page.url()).pathname.split('/').pop() ?? '';
      const main = page.locator('main');
      expect(await main.getByRole('link', { name: 'Start chat' }).getAttribute('href')).toBe(`/chat/${characterId}`);
      expect(await main.getByRole('link', { name: `${CHARACTER}'s gallery` }).getAttribute('href')).toBe(
        `/character-gallery/${characterId}`,
      );
      expect(
        await main
          .getByRole('link', { name: /Fantasy/ })
          .first()
          .getAttribute('href'),
      ).toMatch(/^\/tags\//);
      await main.getByRole('heading', { name: 'Similar characters' }).waitFor({ state: 'visible', timeout: 15_000 });
      const creatorLink = main.getByRole('link', { name: /Created by/ });
      const creatorPath = (await creatorLink.getAttribute('href')) ?? '';
      const creatorName = ((await creatorLink.innerText()).match(/@(\S+)/) ?? [])[1] ?? '';
      expect(creatorPath).toMatch(/^\/creators\//);

      // A guest's like is kept on this device and counted at once.
      const likes = Number((await main.getByTestId('like-count').innerText()).replace(/,/g, ''));
      await main.getByRole('button', { name: `Like ${CHARACTER}` }).click();
      await main.getByRole('button', { name: `Unlike ${CHARACTER}` }).waitFor({ state: 'visible' });
      expect(Number((await main.getByTestId('like-count').innerText()).replace(/,/g, ''))).toBe(likes + 1);
      expect(await page.evaluate(() => JSON.parse(localStorage.getItem('rv_guest_liked_characters') ?? '[]'))).toEqual([characterId]);
      await imagesSettled(page);
      await screenshot(page, 'discovery-profile-1280');
      step('profile and local like');

      // Favoriting asks the guest to sign up, naming the character.
      await main.getByRole('button', { name: 'Favorite', exact: true }).click();
      const prompt = page.getByRole('dialog');
      await prompt
        .getByRole('heading', { name: `Sign up to add ${CHARACTER} to your favorites and unlock exclusive features` })
        .waitFor({ state: 'visible', timeout: 20_000 });
      await screenshot(page, 'discovery-favorite-prompt');
      await prompt.getByRole('button', { name: 'Get Started Free' }).click();

      // Sign up, then the first-time tag setup.
      const signUp = dialog(page, 'Create Your Account');
      await signUp.waitFor({ state: 'visible', timeout: 20_000 });
      await signUp.getByLabel('Email').fill(email);
      await signUp.getByLabel('Username').fill(username);
      await signUp.getByLabel('Password', { exact: true }).fill(password);
      await signUp.getByLabel('Confirm Password').fill(password);
      await signUp.getByRole('button', { name: 'Create Account' }).click();
      await signUp.waitFor({ state: 'detached', timeout: 15_000 });
      const welcome = dialog(page, 'Welcome Aboard');
      await welcome.waitFor({ state: 'visible', timeout: 15_000 });
      await welcome.getByText('Character Type').waitFor({ state: 'visible', timeout: 20_000 });
      for (const tag of ['Female', 'Fantasy', 'Romance', 'Mysterious', 'SFW']) {
        await welcome.getByRole('button', { name: tag, exact: true }).click();
      }
      await welcome.getByLabel('I confirm that I am 18 years old or older').check();
      await welcome.getByRole('checkbox', { name: /I agree to the Terms of Service and Privacy Policy/ }).check();
      await welcome.getByTestId('tag-save').click();
      await welcome.waitFor({ state: 'detached', timeout: 15_000 });
      step('sign up and onboarding');

      // The local like and favorite are now the account's, and the local lists are gone.
      await main.getByRole('button', { name: `Unlike ${CHARACTER}` }).waitFor({ state: 'visible', timeout: 15_000 });
      await main.getByRole('button', { name: 'Favorited', exact: true }).waitFor({ state: 'visible', timeout: 15_000 });
      await page.waitForFunction(
        () => localStorage.getItem('rv_guest_liked_characters') === null && localStorage.getItem('rv_guest_favorites') === null,
      );
      const token = (await page.evaluate(() => localStorage.getItem('rv_access_token'))) ?? '';
      const me = await apiCall(h, api.auth.me, { token });
      const liked = await apiCall(h, api.characters.likedCharacters, { params: { id: me.id }, token });
      expect(liked.likedCharacters.map((c) => c.id)).toEqual([characterId]);
      const profile = await apiCall(h, api.characters.get, { params: { id: characterId }, token });
      expect(profile).toMatchObject({ isLiked: true, likes: likes + 1 });

      step('merged');
      // Favorites: unfavorite and favorite again as a member; /favorites lists it.
      // Each click waits for its answer: a click while a request runs is ignored by design.
      const favoriteAnswer = (method: string) =>
        page.waitForResponse((r) => r.request().method() === method && new URL(r.url()).pathname.startsWith('/api/favorites'), {
          timeout: 20_000,
        });
      let answered = favoriteAnswer('DELETE');
      await main.getByRole('button', { name: 'Favorited', exact: true }).click();
      expect((await answered).status()).toBe(200);
      await main.getByRole('button', { name: 'Favorite', exact: true }).waitFor({ state: 'visible', timeout: 20_000 });
      answered = favoriteAnswer('POST');
      await main.getByRole('button', { name: 'Favorite', exact: true }).click();
      expect((await answered).status()).toBe(200);
      await main.getByRole('button', { name: 'Favorited', exact: true }).waitFor({ state: 'visible', timeout: 20_000 });

      // Follow the creator.
      const followAnswer = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/api/follows/users/'), {
        timeout: 20_000,
      });
      await main.getByRole('button', { name: `Follow ${creatorName}` }).click();
      expect((await followAnswer).status()).toBe(200);
      await main.getByRole('button', { name: `Unfollow ${creatorName}` }).waitFor({ state: 'visible', timeout: 20_000 });

      step('favorite and follow');
      await page.goto('/favorites');
      await card(page, CHARACTER).waitFor({ state: 'visible', timeout: 15_000 });
      expect(await page.title()).toBe('Favorites · Reverie');

      // A misspelled search still finds her.
      await header(page).getByRole('searchbox').fill(MISSPELLED);
      await header(page).getByRole('searchbox').press('Enter');
      await page.getByRole('heading', { name: `Search results for “${MISSPELLED}”` }).waitFor({ state: 'visible', timeout: 15_000 });
      await card(page, CHARACTER).waitFor({ state: 'visible', timeout: 15_000 });
      await imagesSettled(page);
      await screenshot(page, 'discovery-search-1280');
      step('search');

      // The creator's characters on /following.
      await page.goto('/following');
      await card(page, CHARACTER).waitFor({ state: 'visible', timeout: 15_000 });
      const creatorCards = await cards(page).allInnerTexts();
      expect(creatorCards.every((text) => text.includes(`@${creatorName}`))).toBe(true);

      step('following');
      // The creator page: banner, counts, follow state, their characters.
      await page.goto(creatorPath);
      await page.getByRole('heading', { level: 1, name: `@${creatorName}` }).waitFor({ state: 'visible', timeout: 15_000 });
      await page.getByRole('button', { name: `Unfollow ${creatorName}` }).waitFor({ state: 'visible' });
      await card(page, CHARACTER).waitFor({ state: 'visible', timeout: 15_000 });
      await imagesSettled(page);
      await screenshot(page, 'discovery-creator-1280');

      // Unknown ids show the not-found page.
      await page.goto('/characters/00000000-0000-4000-8000-000000000000');
      await page.getByRole('heading', { name: "This character doesn't exist" }).waitFor({ state: 'visible', timeout: 15_000 });

      expectClean(p, 'the discovery journey');
    } catch (error) {
      await screenshot(page, 'discovery-failure').catch(() => undefined);
      console.log('[discovery] problems:', p.problemList({ include4xx: true }));
      throw error;
    } finally {
      await p.context.close();
    }
  }, 240_000);

  it('the feed, top creators and a tag at 390 px', async () => {
    const p = await newPage(h, MOBILE);
    const { page } = p;
    try {
      await passAgeGate(page);
      await page.goto('/');
      await cards(page).first().waitFor({ state: 'visible', timeout: 30_000 });
      await imagesSettled(page);
      await screenshot(page, 'discovery-feed-390');
      // Nothing sticks out sideways at phone width.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);

      await page.goto('/creators');
      await page.getByRole('radio', { name: 'This month' }).waitFor({ state: 'visible', timeout: 15_000 });
      expect(await page.getByRole('radio', { name: 'This month' }).getAttribute('aria-checked')).toBe('true');
      await page.getByTestId('creator-card').first().waitFor({ state: 'visible', timeout: 15_000 });
      await page.getByRole('radio', { name: 'All time' }).click();
      await page.getByTestId('creator-card').first().waitFor({ state: 'visible', timeout: 15_000 });
      await screenshot(page, 'discovery-creators-390');

      await page.goto('/tags/vampire');
      await page.getByRole('heading', { level: 1, name: /vampire/i }).waitFor({ state: 'visible', timeout: 15_000 });
      await cards(page).first().waitFor({ state: 'visible', timeout: 15_000 });
      expect(await page.title()).toMatch(/· Reverie$/);
      expectClean(p, 'the mobile discovery pages');
    } finally {
      await p.context.close();
    }
  }, 120_000);
});
