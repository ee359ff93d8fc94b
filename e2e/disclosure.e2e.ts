// Issue 44 points 2 and 3 against the real server and Chromium: the "AI" label on a character card, the character
// page, a chat and a group chat with the notice at the start of the conversation; a message that expresses a crisis
// gets the helplines for the visitor's country under it while nothing is blocked, and keeps them after a reload; the
// crisis protocol page is one click away in the footer; a picture request that expresses a crisis, on the image page
// and in a chat, gets the same helplines while the picture is made. Screenshots at 1280 and 390 px (SHOTS_DIR, else
// e2e/artifacts). Replies come from a local OpenAI-compatible peer, pictures from a local Automatic1111-speaking one.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { api } from '@reverie/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startOpenAiPeer, type OpenAiPeer } from '../apps/server/test/openai-peer.ts';
import { startSdApiPeer, type SdApiPeer } from '../apps/server/test/sdapi-peer.ts';
import { apiCall, DESKTOP, MOBILE, registerReadyUser, signedInPage, untilSendIsOn } from './flows.ts';
import { artifactsDir, describeE2E, launchBrowser, startServer, type Harness } from './harness.ts';

const shotsDir = process.env.SHOTS_DIR ?? artifactsDir;
async function shot(page: Page, name: string) {
  await mkdir(shotsDir, { recursive: true });
  await page.screenshot({ path: path.join(shotsDir, `${name}.png`), animations: 'disabled' });
}

describeE2E('AI disclosure and the crisis protocol (real server + Chromium)', () => {
  const h = {} as Harness;
  let peer: OpenAiPeer;
  let painter: SdApiPeer;
  const suffix = Date.now().toString(36);
  const email = `lantern_${suffix}@example.com`;
  const password = 'honest-lamp-7';
  let miraId = '';
  let groupId = '';

  beforeAll(async () => {
    peer = await startOpenAiPeer();
    painter = await startSdApiPeer({ kind: 'ok', durationMs: 500 });
    // TRUST_PROXY: the country header the chat sends below is believed from a trusted hop only (the browser is on loopback).
    h.server = await startServer({
      env: {
        ...{ LLM_PROVIDER: 'openai', LLM_BASE_URL: peer.baseUrl, LLM_MODEL: 'peer-model', TRUST_PROXY: 'loopback' },
        ...{ IMAGES_PROVIDER: 'sdapi', IMAGES_URL: painter.url },
      },
    });
    h.browser = await launchBrowser();
    const auth = await registerReadyUser(h, { email, username: `lantern_${suffix}`, password });
    const make = (name: string, description: string) =>
      apiCall(h, api.characters.create, {
        token: auth.accessToken,
        body: {
          name,
          tagline: description,
          description,
          greeting: 'Hello, traveller.',
          tags: ['female', 'fantasy', 'sfw'],
          visibility: 'public',
        },
      });
    miraId = (await make('Mira Lanternwright', 'Keeps the harbour lighthouse burning through every storm.')).id;
    const bram = (await make('Bram Netmender', 'Mends the fishing nets and knows every rumour on the docks.')).id;
    const group = await apiCall(h, api.groups.create, {
      token: auth.accessToken,
      body: { name: 'Harbour night', characterIds: [miraId, bram] },
    });
    groupId = group.group.id;
  }, 120_000);
  afterAll(async () => {
    await h.browser?.close().catch(() => undefined);
    await h.server?.stop();
    await peer?.close();
    await painter?.close();
  });

  it('labels characters, chats and group chats as AI, and answers a crisis with helplines (1280 and 390 px)', async () => {
    const { page } = await signedInPage(h, email, password);
    for (const [size, viewport] of [
      ['1280', DESKTOP],
      ['390', MOBILE],
    ] as const) {
      await page.setViewportSize(viewport);
      await page.goto(`${h.server.url}/search?q=Lanternwright`);
      const card = page.getByTestId('character-card').first();
      await card.waitFor({ timeout: 20_000 });
      expect(await card.getByTestId('ai-badge').isVisible()).toBe(true);
      await shot(page, `card-${size}`);

      await page.goto(`${h.server.url}/characters/${miraId}`);
      await page.getByText('Mira Lanternwright is an AI character.').waitFor({ timeout: 20_000 });
      await shot(page, `character-page-${size}`);

      await page.goto(`${h.server.url}/group/${groupId}`);
      await page.getByTestId('ai-notice').first().waitFor({ timeout: 20_000 });
      expect(await page.getByTestId('ai-notice').first().textContent()).toContain('Every character in this chat is an AI');
      await shot(page, `group-chat-${size}`);
    }

    // A one-to-one chat: the notice at the start, the label on the header and on the character's messages.
    await page.setViewportSize(DESKTOP);
    await page.route('**/api/chat/*/message', (route) =>
      route.continue({ headers: { ...route.request().headers(), 'cf-ipcountry': 'GB' } }),
    );
    peer.behave({ kind: 'reply', parts: ["I'm an AI, and I'm really glad you told me. Please reach out to Samaritans now."] });
    await page.goto(`${h.server.url}/chat/${miraId}`);
    const box = page.getByLabel('Message Mira Lanternwright');
    await box.waitFor({ state: 'visible', timeout: 20_000 });
    await page.getByTestId('ai-notice').first().waitFor();
    await box.fill("Can we stop the story? I don't want to live anymore.");
    await untilSendIsOn(page);
    await box.press('Enter');
    const support = page.getByTestId('crisis-support');
    await support.waitFor({ timeout: 20_000 });
    expect(await support.textContent()).toContain('Samaritans');
    await page.getByText('Please reach out to Samaritans now.').waitFor({ timeout: 20_000 });
    const prompt = JSON.stringify(peer.requests.at(-1)!.body.messages);
    expect(prompt).toContain('step out of the role-play');
    await shot(page, 'chat-crisis-1280');
    await page.setViewportSize(MOBILE);
    await support.scrollIntoViewIfNeeded();
    await shot(page, 'chat-crisis-390');
    await page.getByTestId('ai-notice').first().scrollIntoViewIfNeeded();
    await shot(page, 'chat-notice-390');

    // The card stays with its message (#44.3): after a reload the messages come from the server again, and the card
    // is under the same message, once.
    await page.reload();
    const kept = page.getByTestId('crisis-support');
    await kept.waitFor({ timeout: 20_000 });
    expect(await kept.count()).toBe(1);
    expect(await kept.textContent()).toContain('Samaritans');
    expect(await kept.evaluate((el) => el.previousElementSibling?.textContent ?? '')).toContain("I don't want to live anymore.");
    await kept.scrollIntoViewIfNeeded();
    await shot(page, 'chat-crisis-reloaded-390');
    await page.setViewportSize(DESKTOP);
    await kept.scrollIntoViewIfNeeded();
    await shot(page, 'chat-crisis-reloaded-1280');

    // The protocol, from the footer of any page.
    await page.setViewportSize(DESKTOP);
    await page.goto(`${h.server.url}/legal/privacy-policy`);
    await page.getByTestId('site-footer').getByRole('link', { name: 'Crisis protocol' }).click();
    await page.waitForURL(/\/legal\/crisis-protocol$/);
    await page.getByRole('heading', { name: 'What happens when it reacts' }).waitFor({ timeout: 20_000 });
    await shot(page, 'legal-crisis-protocol-1280');
  }, 180_000);

  it('answers a picture request that expresses a crisis with the helplines, and still makes the picture (1280 and 390 px)', async () => {
    const { page } = await signedInPage(h, email, password);
    await page.route(/\/api\/(image-generation\/generate|chat\/[^/]+\/picture)$/, (route) =>
      route.continue({ headers: { ...route.request().headers(), 'cf-ipcountry': 'GB' } }),
    );
    for (const [size, viewport] of [
      ['1280', DESKTOP],
      ['390', MOBILE],
    ] as const) {
      await page.setViewportSize(viewport);
      await page.goto(`${h.server.url}/generate-images`);
      const prompt = page.getByLabel('Prompt', { exact: true });
      await prompt.waitFor({ timeout: 20_000 });
      await prompt.fill('I want to kill myself. Paint me alone on the harbour wall at night.');
      await page.getByRole('button', { name: 'Generate', exact: true }).click();
      const support = page.getByTestId('crisis-support');
      await support.waitFor({ timeout: 20_000 });
      expect(await support.textContent()).toContain('Samaritans');
      // Nothing is blocked: the request's progress is right below the card, and the picture is made.
      expect(await support.evaluate((el) => el.nextElementSibling?.getAttribute('data-testid'))).toBe('image-job');
      await page.getByTestId('image-job').getByText('Your picture is ready.').waitFor({ timeout: 30_000 });
      // The card and a long request fit the phone's width (the results column used to grow to the prompt's length).
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await support.scrollIntoViewIfNeeded();
      await shot(page, `picture-request-crisis-${size}`);
    }

    // In a chat, "send me a picture" is a message of the conversation: the card is under it, and stays after a reload.
    await page.goto(`${h.server.url}/chat/${miraId}`);
    const box = page.getByLabel('Message Mira Lanternwright');
    await box.waitFor({ state: 'visible', timeout: 20_000 });
    const asked = 'Send me a picture of you at the lighthouse. I want to kill myself.';
    await box.fill(asked);
    await untilSendIsOn(page);
    const cards = page.getByTestId('crisis-support');
    await cards.first().waitFor({ timeout: 20_000 });
    const before = await cards.count(); // the crisis message of the first journey keeps its card
    await box.press('Enter');
    await expect.poll(() => cards.count(), { timeout: 20_000 }).toBe(before + 1);
    const card = cards.last();
    expect(await card.textContent()).toContain('Samaritans');
    expect(await card.evaluate((el) => el.previousElementSibling?.textContent ?? '')).toContain(asked);
    await page.reload();
    await cards.first().waitFor({ timeout: 20_000 });
    await expect.poll(() => cards.count(), { timeout: 20_000 }).toBe(before + 1);
    expect(await card.evaluate((el) => el.previousElementSibling?.textContent ?? '')).toContain(asked);
    await card.scrollIntoViewIfNeeded();
    await shot(page, 'chat-picture-crisis-390');
  }, 180_000);
});
