// Chat bubbles hold whatever a person types: a message that starts with an HTML tag shows the text typed (not an
// empty bubble, not markup), and a long unbroken string wraps inside its bubble instead of widening the page. Real
// server on the tiny GGUF, Chromium at 390 and 1280 px.
import type { AuthResponse, ChatStatus } from '@reverie/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { tinyModelPath } from '../apps/server/test/tiny-model.ts';
import { DESKTOP, expectClean, MOBILE, pageWithSession, registerReadyUser, untilSendIsOn } from './flows.ts';
import { describeE2E, launchBrowser, screenshot, startServer, type Harness } from './harness.ts';

const TAGGED = '<div>Hello from a tag</div> and the rest of my line';
const UNBROKEN = 'https://example.com/' + 'x'.repeat(20) + 'A'.repeat(400);

/**
 * How far the bubble's content reaches past the bubble, the bubble past its column and the screen (either side: my
 * messages are right-aligned, so a too-wide bubble grows to the left), and the page past the screen: 0 when it wraps.
 */
async function overflow(page: Page, bubbleIndex: number) {
  return page.evaluate((i) => {
    const bubble = document.querySelectorAll('[data-testid="message-user"] .rounded-2xl')[i] as HTMLElement;
    const box = bubble.getBoundingClientRect();
    const column = bubble.parentElement!.getBoundingClientRect();
    const past = (inner: DOMRect, outer: { left: number; right: number }) =>
      Math.max(0, Math.round(outer.left - inner.left)) + Math.max(0, Math.round(inner.right - outer.right));
    return {
      inside: bubble.scrollWidth - bubble.clientWidth,
      pastColumn: past(box, column),
      pastScreen: past(box, { left: 0, right: window.innerWidth }),
      page: document.documentElement.scrollWidth - window.innerWidth,
    };
  }, bubbleIndex);
}

describeE2E('chat bubbles with HTML and long unbroken text (real server + Chromium)', () => {
  const h = {} as Harness;
  let auth: AuthResponse;
  let characterId: string;

  beforeAll(async () => {
    // The tiny model's vocabulary is byte-level: the 420-character line is ~420 tokens as the model counts them (the
    // prompt is counted whole since #46.3), so 1,024 tokens of context leave it no room after the instructions.
    h.server = await startServer({
      env: { LLM_MODEL_PATH: tinyModelPath(1), LLM_CONTEXT_SIZE: '2048', LLM_THREADS: '1', LLM_GPU: 'false' },
    });
    h.browser = await launchBrowser();
    const suffix = Date.now().toString(36);
    auth = await registerReadyUser(h, { email: `bubble_${suffix}@example.com`, username: `bubble_${suffix}`, password: 'wrap-it-up-42' });
    const status = (await (await fetch(`${h.server.url}/api/chat/status`)).json()) as ChatStatus;
    characterId = status.diagnosticCharacterId!;
  });
  afterAll(async () => {
    await h.browser?.close().catch(() => undefined);
    await h.server?.stop();
  });

  for (const [viewport, width] of [
    [MOBILE, 390],
    [DESKTOP, 1280],
  ] as const) {
    it(`shows both messages as typed, inside their bubbles, at ${width} px`, async () => {
      const p = await pageWithSession(h, auth, viewport);
      const { page } = p;
      await page.goto(`/chat/${characterId}`);
      const composer = page.getByLabel('Message Diagnostics');
      await composer.waitFor({ state: 'visible', timeout: 20_000 });
      const mine = page.getByTestId('message-user');
      const before = await mine.count();
      for (const text of [TAGGED, UNBROKEN]) {
        await composer.fill(text);
        await untilSendIsOn(page);
        await composer.press('Enter');
        await expect.poll(() => mine.count(), { timeout: 20_000 }).toBeGreaterThan(before + (text === TAGGED ? 0 : 1));
        await page.getByRole('button', { name: 'Regenerate reply' }).waitFor({ timeout: 30_000 });
      }
      const tagged = mine.nth(before).locator('.rounded-2xl');
      expect((await tagged.innerText()).trim()).toBe(TAGGED);
      expect(await tagged.locator('div div').count()).toBe(0);
      await tagged.scrollIntoViewIfNeeded();
      await screenshot(page, `chat-bubble-tag-${width}`);
      expect(await overflow(page, before + 1)).toEqual({ inside: 0, pastColumn: 0, pastScreen: 0, page: 0 });
      await mine.nth(before + 1).scrollIntoViewIfNeeded();
      await screenshot(page, `chat-bubble-wrap-${width}`);
      expectClean(p, `the chat bubbles at ${width} px`);
      await p.context.close();
    });
  }
});
