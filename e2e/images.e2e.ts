// Images against the real server and Chromium, with a local Automatic1111-speaking peer as the backend: a signed-in
// user generates a picture of their character (progress, then the result), finds it in their gallery and the
// character's gallery, makes it the character's avatar, asks for a picture in a chat and sees it inline, and deletes
// a picture; the galleries and the lightbox are looked at on a phone too.
import { api, type AuthResponse, type CharacterProfile } from '@reverie/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSdApiPeer, type SdApiPeer } from '../apps/server/test/sdapi-peer.ts';
import { apiCall, DESKTOP, expectClean, MOBILE, pageWithSession, registerReadyUser } from './flows.ts';
import { describeE2E, launchBrowser, screenshot, startServer, type Harness } from './harness.ts';

// A toast is a list item in Radix's "Notifications (F8)" region, shown for 5 s; the element with role="status" is
// only its announcement, which Radix removes a second after the toast appears (a poll on a loaded machine missed that
// second twice). While a dialog is open the page behind it, the region included, is aria-hidden: hence includeHidden.
const toasts = (page: Page) =>
  page.getByRole('region', { name: 'Notifications (F8)', includeHidden: true }).getByRole('listitem', { includeHidden: true });
const toast = (page: Page, text: string) => toasts(page).filter({ hasText: text }).first();

describeE2E('images with a local Automatic1111 backend', () => {
  const h = {} as Harness;
  let peer: SdApiPeer;
  let auth: AuthResponse;
  let characterId: string;
  const suffix = Date.now().toString(36);

  beforeAll(async () => {
    peer = await startSdApiPeer({ kind: 'ok', durationMs: 2500 });
    h.server = await startServer({ env: { IMAGES_PROVIDER: 'sdapi', IMAGES_URL: peer.url } });
    h.browser = await launchBrowser();
    auth = await registerReadyUser(h, {
      email: `painter_${suffix}@example.com`,
      username: `painter_${suffix}`,
      password: 'brush-strokes-42',
    });
    const character = await apiCall(h, api.characters.create, {
      token: auth.accessToken,
      body: {
        name: 'Juniper Vale',
        tagline: 'Keeper of the northern lighthouse',
        description: 'A lighthouse keeper with a lantern and a dry wit.',
        greeting: '*Juniper waves from the lighthouse steps, lantern in hand.* You made it before the storm!',
        tags: ['female', 'long-hair', 'fantasy', 'sfw'],
        visibility: 'public',
      },
    });
    characterId = character.id;
  });
  afterAll(async () => {
    await h.browser?.close().catch(() => undefined);
    await h.server?.stop();
    await peer?.close();
  });

  it('generates a picture of my character with progress, finds it in both galleries, and makes it the avatar', async () => {
    const p = await pageWithSession(h, auth, DESKTOP);
    const { page } = p;
    await page.goto(`/generate-images?characterId=${characterId}`);
    await expect.poll(() => page.getByLabel('Character', { exact: true }).inputValue(), { timeout: 15_000 }).toBe(characterId);
    await page.getByText(/^Free: 1 picture from this month's allowance \(5 left\)$/).waitFor();
    // A prompt idea from the character, then make it.
    await page.getByRole('button', { name: /^Juniper Vale, portrait, soft window light$/ }).click();
    expect(await page.getByLabel('Prompt', { exact: true }).inputValue()).toBe('Juniper Vale, portrait, soft window light');
    await page.getByRole('button', { name: 'Generate', exact: true }).click();
    const job = page.getByTestId('image-job');
    // The backend's progress and its preview while the picture is made.
    await job.getByText(/Painting: \d+ %/).waitFor({ timeout: 10_000 });
    await job.getByRole('img', { name: 'Preview of the picture in progress' }).waitFor();
    await screenshot(page, 'images-generate-progress-1280');
    await job.getByText('Your picture is ready.').waitFor({ timeout: 20_000 });
    await job.getByRole('button', { name: /^Open picture of Juniper Vale/ }).waitFor();
    await screenshot(page, 'images-generate-result-1280');

    // The same picture in my gallery, filtered by the character, and in the character's gallery.
    await page.goto(`/user-gallery/character/${characterId}`);
    const tile = page.getByRole('button', { name: /^Open picture of Juniper Vale: Juniper Vale, portrait/ });
    await tile.waitFor({ timeout: 10_000 });
    await page.goto(`/character-gallery/${characterId}`);
    await page.getByRole('heading', { name: "Juniper Vale's gallery" }).waitFor();
    await tile.click();
    const box = page.getByRole('dialog', { name: 'Picture of Juniper Vale' });
    await box.waitFor();
    await box.getByText('Juniper Vale, portrait, soft window light').first().waitFor();
    await screenshot(page, 'images-lightbox-1280');
    // Re-encoding the portrait took over 30 s once in CI at load 8 (two journeys and their browsers on two cores), and
    // twice the toast was not seen though the avatar had changed (the test looked for the announcer Radix keeps for a
    // second, see toast()): the server's answer is waited for first (with its time), then the toast it brings; a
    // failure says which of the two did not come.
    const clicked = Date.now();
    const answered = page.waitForResponse((r) => r.request().method() === 'POST' && /\/api\/images\/[^/]+\/avatar$/.test(r.url()), {
      timeout: 90_000,
    });
    await box.getByRole('button', { name: 'Set as avatar' }).click();
    expect((await answered).status()).toBe(200);
    const tookMs = Date.now() - clicked;
    await toast(page, 'Avatar updated')
      .waitFor({ timeout: 15_000 })
      .catch(async (err: Error) => {
        const shown = await toasts(page).allTextContents();
        const button = await box.getByRole('button', { name: /Set as avatar|Setting/ }).allTextContents();
        throw new Error(`${err.message}; answered after ${tookMs} ms; toasts: ${shown.join(' | ')}; button: ${button.join(' | ')}`);
      });
    const profile = (await apiCall(h, api.characters.get, { params: { id: characterId }, token: auth.accessToken })) as CharacterProfile;
    expect(profile.avatarUrl).toMatch(/^\/media\/characters\//);
    // The same pages at a tablet's width.
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.goto('/user-gallery');
    await tile.waitFor({ timeout: 10_000 });
    await screenshot(page, 'images-user-gallery-1024');
    await page.goto(`/generate-images?characterId=${characterId}`);
    await page.getByText('Your latest pictures').waitFor({ timeout: 10_000 });
    await screenshot(page, 'images-generate-1024');
    expectClean(p, 'generating and the galleries');
    await p.context.close();
    // About 20 s alone; 58 s in CI at load 8 when it failed.
  }, 180_000);

  it('asks for pictures in a chat (the button and a message) and shows them inline', async () => {
    const p = await pageWithSession(h, auth, DESKTOP);
    const { page } = p;
    await page.goto(`/chat/${characterId}`);
    await page.getByText('You made it before the storm!').waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Ask Juniper Vale for a picture' }).click();
    await page.getByText('*Juniper Vale sends you a picture.*').or(page.getByText('Juniper Vale sends you a picture.')).first().waitFor();
    await page.getByTestId('chat-picture-pending').waitFor();
    await page.getByTestId('chat-picture').waitFor({ timeout: 20_000 });
    const composer = page.getByLabel('Message Juniper Vale');
    await composer.fill('Send me a picture of you on the cliffs at sunset');
    await composer.press('Enter');
    await page.getByText('Send me a picture of you on the cliffs at sunset').waitFor();
    await expect.poll(() => page.getByTestId('chat-picture').count(), { timeout: 20_000 }).toBe(2);
    expect(String(peer.txt2imgCalls().at(-1)!.prompt)).toMatch(/^A photo of Juniper Vale, on the cliffs at sunset\./);
    // Both pictures decoded before the screenshot (a thumbnail still loading shows as an empty frame).
    await expect
      .poll(
        () =>
          page.$$eval('[data-testid="chat-picture"] img', (imgs) =>
            imgs.every((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0),
          ),
        { timeout: 10_000 },
      )
      .toBe(true);
    await screenshot(page, 'images-chat-picture-1280');
    // /test runs a tiny picture straight through the backend.
    await page.goto('/test');
    await page.getByRole('button', { name: 'Tiny image' }).click();
    await page
      .getByTestId('tiny-image-result')
      .getByText(/^64 × 64 from sdapi in [\d.]+ s\. Image generation works\.$/)
      .waitFor({ timeout: 15_000 });
    await page.getByTestId('tiny-image-result').scrollIntoViewIfNeeded();
    await screenshot(page, 'images-test-tiny-1280');
    expectClean(p, 'pictures in a chat');
    await p.context.close();
  }, 60_000);

  it('on a phone: the gallery, the lightbox with swipes, and deleting a picture', async () => {
    const p = await pageWithSession(h, auth, MOBILE);
    const { page } = p;
    await page.goto('/user-gallery');
    const tiles = page.getByRole('button', { name: /^Open picture of Juniper Vale/ });
    await expect.poll(() => tiles.count(), { timeout: 15_000 }).toBe(3);
    await screenshot(page, 'images-user-gallery-390');
    await tiles.first().click();
    const box = page.getByRole('dialog', { name: 'Picture of Juniper Vale' });
    await box.getByText('1 / 3').waitFor();
    // A swipe to the left shows the next picture; the arrow key goes back.
    const picture = box.getByTestId('lightbox-picture');
    const area = (await picture.boundingBox())!;
    await page.mouse.move(area.x + area.width * 0.8, area.y + area.height / 2);
    await page.mouse.down();
    await page.mouse.move(area.x + area.width * 0.2, area.y + area.height / 2, { steps: 5 });
    await page.mouse.up();
    await box.getByText('2 / 3').waitFor();
    await page.keyboard.press('ArrowLeft');
    await box.getByText('1 / 3').waitFor();
    await screenshot(page, 'images-lightbox-390');
    await box.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Delete this picture?' }).getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'Picture deleted').waitFor({ timeout: 10_000 });
    // The lightbox moves on to the next picture; closing it shows the gallery without the deleted one.
    await box.getByText('1 / 2').waitFor();
    await box.getByRole('button', { name: 'Close', exact: true }).click();
    await expect.poll(() => tiles.count(), { timeout: 10_000 }).toBe(2);
    await page.goto('/generate-images');
    await page.getByLabel('Prompt', { exact: true }).waitFor({ timeout: 15_000 });
    await screenshot(page, 'images-generate-390');
    expectClean(p, 'the gallery on a phone');
    await p.context.close();
  }, 60_000);
});
