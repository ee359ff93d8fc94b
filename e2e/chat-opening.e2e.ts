// Reopening a chat (issue 46, points 1 and 4): a chat of 11 long messages (markdown, a few paragraphs each) and one
// of 5 open at their newest message at 1280 and 390 px, and stay there while the page settles (the frame taking
// its height, markdown and off-screen messages taking their size). A jump to a search match scrolls the message
// list only: the page itself stays put (the header at the top, no gap under the composer); "Branch from here" opens
// the branch at its fork point, and the chats list names each branch. Screenshots of each.
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { addChatMessages } from '../apps/server/src/db/seed/chat-messages.ts';
import { DESKTOP, expectClean, MOBILE, signedInPage } from './flows.ts';
import { seedTwoChats } from './seed-chats.ts';
import { describeE2E, launchBrowser, screenshot, startServer, type Harness } from './harness.ts';

const paragraph = (n: number, words: string) =>
  `**Part ${n}.** ${words} ${words}\n\n- the ${words.split(' ')[0]} by the river\n- a *quiet* lantern\n\n${words} ${words} ${words}`;
const LONG = Array.from({ length: 11 }, (_, i) =>
  i === 4
    ? `Message ${i + 1}: the marmalade comet. ${paragraph(i, 'rain over the harbour and letters on the bridge')}`
    : `Message ${i + 1}: ${paragraph(i, 'rain over the harbour and letters on the bridge')}`,
);
const SHORT = Array.from({ length: 5 }, (_, i) => `Short ${i + 1}: ${paragraph(i, 'moon train window quiet storm')}`);

describeE2E('reopening a chat at its newest message (real server + Chromium)', () => {
  const h = {} as Harness;
  let dataDir: string;
  const email = `reopen_${Date.now().toString(36)}@example.com`;
  const password = 'open-at-the-end-9';
  let mira: string;
  let oren: string;

  beforeAll(async () => {
    ({ dataDir, mira, oren } = await seedTwoChats('reopen', { email, password }, async (db, c) => {
      await addChatMessages(db, c.mira, LONG);
      await addChatMessages(db, c.oren, SHORT);
    }));
    h.server = await startServer({ dataDir, timeoutMs: 120_000 });
    h.browser = await launchBrowser();
  }, 240_000);
  afterAll(async () => {
    await h.browser?.close().catch(() => undefined);
    await h.server?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('opens each chat at its newest message at 1280 and 390 px, and a search jump moves the list only', async () => {
    const p = await signedInPage(h, email, password);
    const { page } = p;
    const place = (name: string) =>
      page
        .getByRole('list', { name: `Conversation with ${name}` })
        .locator('xpath=..')
        .evaluate((el) => ({ gap: el.scrollHeight - el.scrollTop - el.clientHeight, overflow: el.scrollHeight - el.clientHeight }));
    for (const [size, label] of [
      [DESKTOP, '1280'],
      [MOBILE, '390'],
    ] as const) {
      await page.setViewportSize(size);
      for (const [id, name, newest] of [
        [mira, 'Mira Vale', 'Message 11:'],
        [oren, 'Oren Thorne', 'Short 5:'],
      ] as const) {
        // Away and back: the chats page, then the chat (a reopening, the session maybe cached).
        await page.goto(`${h.server.url}/chat`);
        await page.getByRole('list', { name: 'Conversations' }).waitFor({ timeout: 30_000 });
        await page.goto(`${h.server.url}/chat/${id}`);
        await page.getByText(newest).waitFor({ timeout: 30_000 });
        await expect.poll(async () => (await place(name)).gap, { timeout: 5000 }).toBeLessThan(4);
        await page.waitForTimeout(2000);
        const settled = await place(name);
        console.log(
          `[chat-opening] ${name} at ${label} px: ${settled.gap.toFixed(1)} px from the bottom of ${settled.overflow} px overflow`,
        );
        expect(settled.overflow).toBeGreaterThan(100);
        expect(settled.gap).toBeLessThan(4);
        await screenshot(page, `chat-opening-${name.split(' ')[0]!.toLowerCase()}-${label}`);
      }
    }

    // A search match: the list scrolls to it, the page does not (the header stays at the top).
    await page.setViewportSize(DESKTOP);
    await page.goto(`${h.server.url}/chat/${mira}`);
    await page.getByText('Message 11:').waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Search this chat' }).click();
    const dialog = page.getByRole('dialog', { name: 'Search this chat' });
    await dialog.getByRole('searchbox', { name: 'Search the chat with Mira Vale' }).fill('marmalade');
    const match = dialog.getByRole('button', { name: /marmalade comet/ });
    await match.waitFor({ timeout: 15_000 });
    await match.click();
    const target = page.locator('li', { hasText: 'Message 5: the marmalade comet' });
    await expect.poll(() => target.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe('solid');
    await page.waitForTimeout(1000);
    const pageMoved = await page.evaluate(() => ({
      y: window.scrollY + document.documentElement.scrollTop + document.body.scrollTop,
      header: document.querySelector('[data-testid="header"]')?.getBoundingClientRect().top ?? 0,
    }));
    expect(pageMoved).toEqual({ y: 0, header: 0 });
    const inView = await target.evaluate((el) => {
      const box = el.getBoundingClientRect();
      const frame = el.closest('ol')!.parentElement!.getBoundingClientRect();
      return box.top < frame.bottom && box.bottom > frame.top;
    });
    expect(inView).toBe(true);
    await screenshot(page, 'chat-opening-jump-1280');

    // "Branch from here" on that message: the branch opens at its newest message (the fork point), not at the top.
    await target.hover();
    await target.getByRole('button', { name: 'Branch from here' }).click();
    await expect.poll(() => page.locator('[data-message-id]').count(), { timeout: 15_000 }).toBe(5);
    await expect.poll(async () => (await place('Mira Vale')).gap, { timeout: 5000 }).toBeLessThan(4);
    await page.waitForTimeout(1000);
    expect((await place('Mira Vale')).gap).toBeLessThan(4);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await screenshot(page, 'chat-opening-branch-1280');
    // The chats list tells the two apart.
    await page.goto(`${h.server.url}/chat`);
    const rows = page.getByRole('list', { name: 'Conversations' }).getByRole('link');
    await expect
      .poll(() => rows.allInnerTexts(), { timeout: 15_000 })
      .toEqual(expect.arrayContaining([expect.stringContaining('Branch 2'), expect.stringContaining('Main')]));
    await screenshot(page, 'chat-opening-branch-list-1280');
    expectClean(p, 'reopening chats');
    await p.context.close();
  }, 180_000);
});
