// "Why this reply" against the real server and Chromium: a character with a lorebook (imported as a card), a reply,
// its inspector listing the entry its key triggered; the entry turned off there, the next reply's inspector (and the
// prompt the model server received) no longer has it; the inspector as a sheet on a phone with the full prompt.
// Replies from a local OpenAI-compatible peer, which also shows what each prompt carried.
import type { AuthResponse } from '@reverie/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startOpenAiPeer, type OpenAiPeer } from '../apps/server/test/openai-peer.ts';
import { DESKTOP, dialog, expectClean, MOBILE, pageWithSession, registerReadyUser, untilSendIsOn } from './flows.ts';
import { importLighthouseCard, LANTERN, lastSystemPrompt } from './fixtures/lighthouse-card.ts';
import { describeE2E, launchBrowser, screenshot, startServer, type Harness } from './harness.ts';

describeE2E('why this reply (real server + Chromium)', () => {
  const h = {} as Harness;
  let peer: OpenAiPeer;
  let auth: AuthResponse;
  let characterId: string;
  const suffix = Date.now().toString(36);

  beforeAll(async () => {
    peer = await startOpenAiPeer();
    peer.behave({ kind: 'reply', parts: ['*She lifts', ' the lantern.*', ' It has seen', ' worse storms.'] });
    h.server = await startServer({ env: { LLM_PROVIDER: 'openai', LLM_BASE_URL: peer.baseUrl, LLM_MODEL: 'peer-model' } });
    h.browser = await launchBrowser();
    auth = await registerReadyUser(h, {
      email: `keeper_${suffix}@example.com`,
      username: `keeper_${suffix}`,
      password: 'lantern-light-42',
    });
    characterId = await importLighthouseCard(h, auth);
  }, 120_000);
  afterAll(async () => {
    await h.browser?.close().catch(() => undefined);
    await h.server?.stop();
    await peer?.close();
  });

  const lastSystem = () => lastSystemPrompt(peer);

  it('shows what went into a reply, turns a lorebook entry off, and the next reply goes without it (1280 and 390 px)', async () => {
    const p = await pageWithSession(h, auth, DESKTOP);
    const { page } = p;
    await page.goto(`/chat/${characterId}`);
    const composer = page.getByLabel('Message Juniper Vale');
    await composer.waitFor({ state: 'visible', timeout: 20_000 });

    const send = async (text: string, replies: number) => {
      const asked = peer.requests.length;
      await composer.fill(text);
      await untilSendIsOn(page);
      await composer.press('Enter');
      await expect.poll(() => page.getByTestId('message-assistant').count(), { timeout: 20_000 }).toBe(replies);
      // The reply's bubble shows from the stream's start, before the model is asked: on a busy machine the model
      // server's newest request could still be the previous reply's.
      await expect.poll(() => peer.requests.length, { timeout: 20_000 }).toBeGreaterThan(asked);
      await page.getByRole('button', { name: 'Regenerate reply' }).waitFor({ timeout: 20_000 });
    };

    await send('Is that an old lantern in your hand?', 2);
    expect(lastSystem()).toContain(LANTERN);

    // The reply's inspector: the parts with their tokens, the entry with the key that triggered it, the numbers.
    await page.getByTestId('message-assistant').last().hover();
    await page.getByTestId('message-assistant').last().getByRole('button', { name: 'Why this reply' }).click();
    const inspector = dialog(page, 'Why this reply');
    const lore = inspector.getByTestId('inspector-lore');
    await lore.waitFor({ timeout: 15_000 });
    expect(await lore.getByText('The lantern').count()).toBe(1);
    await lore.getByText(/Triggered by “lantern”/).waitFor();
    expect(await lore.getByText('The storm').count()).toBe(0);
    const parts = inspector.getByTestId('inspector-parts');
    for (const name of ['Instructions', 'Description', 'Personality', 'Scenario', 'Lorebook entries', 'History']) {
      expect(await parts.getByText(name, { exact: true }).count(), name).toBe(1);
    }
    await parts.getByText('2 messages fitted, 0 left out').waitFor();
    await inspector.getByText('peer-model').waitFor();
    await inspector.getByText('Free message').waitFor();
    await screenshot(page, 'inspector-1280');

    // Off for this conversation.
    const entrySwitch = lore.getByRole('switch', { name: 'Use “The lantern” in this conversation' });
    await entrySwitch.click();
    await lore.getByText(/off from the next reply/).waitFor();
    expect(await entrySwitch.getAttribute('aria-checked')).toBe('false');
    await inspector.getByRole('button', { name: 'Close' }).click();
    await inspector.waitFor({ state: 'hidden' });

    // The next reply: the lantern is mentioned again, but its entry stays out of the prompt and the inspector.
    await send('Tell me more about the lantern, and the storm.', 3);
    expect(lastSystem()).not.toContain(LANTERN);
    expect(lastSystem()).toContain('Storms here come from the west.');
    await page.getByTestId('message-assistant').last().hover();
    await page.getByTestId('message-assistant').last().getByRole('button', { name: 'Why this reply' }).click();
    await lore.waitFor({ timeout: 15_000 });
    await lore.getByText('The storm').waitFor();
    expect(await lore.getByText('The lantern').count()).toBe(0);
    await screenshot(page, 'inspector-next-reply-1280');
    await inspector.getByRole('button', { name: 'Close' }).click();

    // On a phone: a sheet from the "More" menu, with the full prompt rebuilt on request.
    await page.setViewportSize(MOBILE);
    await page.getByTestId('message-assistant').last().getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Why this reply' }).click();
    await lore.waitFor({ timeout: 15_000 });
    const box = await inspector.boundingBox();
    expect(box!.width).toBe(MOBILE.width);
    expect(Math.round(box!.y + box!.height)).toBe(MOBILE.height);
    await screenshot(page, 'inspector-390');
    await inspector.getByRole('button', { name: 'Show full prompt' }).click();
    const full = inspector.getByTestId('inspector-full-prompt');
    await full.waitFor({ timeout: 15_000 });
    await full.getByText(/Storms here come from the west\./).waitFor();
    expect(await full.getByText(/it never goes out/).count()).toBe(0);
    await full.getByText('Tell me more about the lantern, and the storm.').waitFor();
    await full.scrollIntoViewIfNeeded();
    await screenshot(page, 'inspector-full-prompt-390');
    expectClean(p, 'the reply inspector');
  }, 120_000);
});
