// Long chats and search in chats (issue 32) against the real server and Chromium. A conversation of 10,000 messages
// (seeded through the database before the server starts) opens with its newest page rendered and interactive:
// the time is printed (target ≤ 1 s). Scrolling up loads older pages without moving what the reader sees. Search in
// the chat jumps to a match 9,800 messages back and highlights it; reading back page after page keeps the list and the
// page's heap bounded (READ_PAGES); the chats page (/chat) searches every chat, grouped by character, and a match
// opens its conversation there. Screenshots at 1280 and 390 px.
import { rm } from 'node:fs/promises';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { fillConversation } from '../apps/server/src/db/seed/chat-messages.ts';
import { DESKTOP, expectClean, MOBILE, signedInPage } from './flows.ts';
import { seedTwoChats } from './seed-chats.ts';
import { describeE2E, launchBrowser, screenshot, startServer, type Harness } from './harness.ts';

const MESSAGES = 10_000;
/**
 * How many pages of 40 the read-back loads: 60 in the test tier (2,400 messages, twelve times the list's 200: the
 * bound holds long after it is first reached), every one to the first message with LONG_CHAT_READ=all, the
 * measurement docs/performance.md quotes (250 pages; 2–5 minutes of the tier's time otherwise).
 */
const READ_ALL = process.env.LONG_CHAT_READ === 'all';
const READ_PAGES = READ_ALL ? 1_000 : 60;
const VOCABULARY = ['tea', 'rain', 'harbour', 'lantern', 'letters', 'bridge', 'moon', 'train', 'window', 'quiet', 'river', 'storm'];

describeE2E('long chats and search in chats (real server + Chromium)', () => {
  const h = {} as Harness;
  let dataDir: string;
  const email = `reader_${Date.now().toString(36)}@example.com`;
  const password = 'long-story-short-9';
  let mira: string;
  let oren: string;

  beforeAll(async () => {
    ({ dataDir, mira, oren } = await seedTwoChats('long', { email, password }, async (db, c) => {
      await fillConversation(db, c.mira, MESSAGES, VOCABULARY);
      // One old message to find: 9,800 messages back.
      await db.execute(sql`update chat_messages set content = 'Message 200: the marmalade comet rose over the harbour.'
        where conversation_id = ${c.mira} and content like 'Message 200:%'`);
      await fillConversation(db, c.oren, 20, VOCABULARY);
      await db.execute(sql`update chat_messages set content = 'Message 7: a marmalade sky, just like the comet.'
        where conversation_id = ${c.oren} and content like 'Message 7:%'`);
    }));
    h.server = await startServer({ dataDir, timeoutMs: 120_000 });
    h.browser = await launchBrowser();
  }, 240_000);
  afterAll(async () => {
    await h.browser?.close().catch(() => undefined);
    await h.server?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('opens a 10,000-message chat at once, loads older pages in place, and jumps to a search match', async () => {
    const p = await signedInPage(h, email, password);
    const { page } = p;
    await page.setViewportSize(DESKTOP);
    // Warm the app's code (the first visit of any page pays for it), then open the long chat and time it.
    await page.goto(`${h.server.url}/chat`);
    await page.getByRole('list', { name: 'Conversations' }).waitFor({ timeout: 30_000 });
    // Opened three times each: the 10,000-message chat and a 20-message one (the page's own cost beside it). The
    // figure is the browser's clock from the navigation's start to the newest message on screen with the composer
    // taking text (read in the page), and Playwright's round trip to that point.
    const open = async (characterId: string, newest: string, name: string) => {
      const inPage: number[] = [];
      const outside: number[] = [];
      for (let i = 0; i < 3; i++) {
        const t0 = Date.now();
        await page.goto(`${h.server.url}/chat/${characterId}`);
        const at = await page.waitForFunction(
          ({ newest, name }) => {
            const seen = Array.from(document.querySelectorAll('[data-message-id]')).some((m) => m.textContent?.includes(newest));
            const composer = document.querySelector<HTMLTextAreaElement>(`textarea[placeholder="Message ${name}…"]`);
            return seen && composer && !composer.disabled ? performance.now() : false;
          },
          { newest, name },
          { timeout: 30_000 },
        );
        inPage.push(Math.round((await at.jsonValue()) as number));
        await page.getByPlaceholder(`Message ${name}…`).fill('still here');
        outside.push(Date.now() - t0);
      }
      const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[1]!;
      return { inPage, outside, median: median(inPage) };
    };
    const long = await open(mira, `Message ${MESSAGES}:`, 'Mira Vale');
    const short = await open(oren, 'Message 20:', 'Oren Thorne');
    console.log(
      `[long-chat] ${MESSAGES.toLocaleString('en')} messages: newest page rendered and interactive ${long.inPage.join(', ')} ms after ` +
        `navigation start (median ${long.median} ms, target ≤ 1000 ms; with Playwright's round trips ${long.outside.join(', ')} ms); ` +
        `a 20-message chat: ${short.inPage.join(', ')} ms (median ${short.median} ms); load average ${os.loadavg()[0]!.toFixed(1)}`,
    );
    await page.goto(`${h.server.url}/chat/${mira}`);
    await page.getByText(`Message ${MESSAGES}:`).waitFor();
    // The 10,000-message chat opens about as fast as a 20-message one: only its newest page is read and drawn. The bound
    // is relative, because the machine's load sets both (CI runs two journeys at once; one CI run at load 8-10 took
    // 6.5 s for the long chat); the figures above are the ones to read against the 1000 ms target.
    expect(long.median).toBeLessThan(short.median * 1.5 + 1500);
    const list = page.getByRole('list', { name: 'Conversation with Mira Vale' });
    expect(await list.locator('li').count()).toBeLessThanOrEqual(41);
    await screenshot(page, 'long-chat-newest-1280');

    // Scrolling up loads the page before; what the reader sees stays where it was.
    const scroller = list.locator('xpath=..');
    const firstSeen = (scrollTop?: number) =>
      scroller.evaluate((el, to) => {
        if (to !== undefined) el.scrollTop = to;
        const box = el.getBoundingClientRect();
        const seen = Array.from(el.querySelectorAll<HTMLElement>('[data-message-id]')).find(
          (m) => m.getBoundingClientRect().bottom > box.top + 10,
        )!;
        return { id: seen.dataset.messageId!, y: seen.getBoundingClientRect().top };
      }, scrollTop);
    // Two painted frames: off-screen messages take their real height only when they come near the screen, so a
    // position read straight after a programmatic scroll is not what the reader saw.
    const painted = () => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    // The older page is held until the reader's place has been read on a painted frame; otherwise, on a busy
    // machine, the reading could come before or after the page went in, depending on who is faster.
    let releaseOlder!: () => void;
    const olderAsked = new Promise<void>((asked) => {
      const held = new Promise<void>((r) => (releaseOlder = r));
      void page.route(/\/api\/conversations\/[^/]+\/messages\?.*before=/, async (route) => {
        asked();
        await held;
        await route.continue();
      });
    });
    await firstSeen(1200);
    await painted();
    await firstSeen(400); // into the top 600 px: the older page is asked for
    await olderAsked;
    await painted();
    const before = await firstSeen();
    releaseOlder();
    await page.getByText(`Message ${MESSAGES - 40}:`).waitFor({ state: 'attached', timeout: 15_000 });
    await painted();
    await page.waitForTimeout(300);
    const after = await scroller.evaluate(
      (el, id) => el.querySelector(`[data-message-id="${id}"]`)!.getBoundingClientRect().top,
      before.id,
    );
    console.log(`[long-chat] older page loaded above: the message the reader saw moved ${Math.abs(after - before.y).toFixed(1)} px`);
    expect(await list.locator('li').count()).toBeGreaterThan(41);
    expect(Math.abs(after - before.y)).toBeLessThan(4);

    // Search in this chat, jump to a match 9,800 messages back, highlighted.
    await page.getByRole('button', { name: 'Search this chat' }).click();
    const dialog = page.getByRole('dialog', { name: 'Search this chat' });
    await dialog.getByRole('searchbox', { name: 'Search the chat with Mira Vale' }).fill('marmelade');
    const match = dialog.getByRole('button', { name: /marmalade comet/ });
    await match.waitFor({ timeout: 15_000 });
    expect(await dialog.locator('mark').first().textContent()).toBe('marmalade');
    await screenshot(page, 'long-chat-search-1280');
    await match.click();
    const target = list.locator('li', { hasText: 'Message 200: the marmalade comet' });
    await target.waitFor({ timeout: 15_000 });
    await expect.poll(() => target.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe('solid');
    // In view, between the header and the composer.
    const inView = () =>
      target.evaluate((el) => {
        const box = el.getBoundingClientRect();
        const frame = el.closest('ol')!.parentElement!.getBoundingClientRect();
        return box.top >= frame.top && box.bottom <= frame.bottom;
      });
    await expect.poll(inView).toBe(true);
    await page.getByRole('button', { name: 'Back to the latest messages' }).waitFor();
    await screenshot(page, 'long-chat-jump-1280');
    await page.getByRole('button', { name: 'Back to the latest messages' }).click();
    await page.getByText(`Message ${MESSAGES}:`).waitFor();
    expectClean(p, 'the long chat');
    await p.context.close();
  }, 180_000);

  it("reads back through the long chat with the page's memory bounded (the pages far from view are let go)", async () => {
    const p = await signedInPage(h, email, password);
    const { page } = p;
    await page.setViewportSize(DESKTOP);
    await page.goto(`${h.server.url}/chat/${mira}`);
    await page.getByText(`Message ${MESSAGES}:`).waitFor({ timeout: 30_000 });
    const list = page.getByRole('list', { name: 'Conversation with Mira Vale' });
    const scroller = list.locator('xpath=..');
    // The page's JavaScript heap after a full collection (Chromium's own count, through the DevTools protocol): the
    // least of four collections half a second apart, so that what the page keeps is read, not what work still under
    // way holds for a moment (a CI run read 5.7 MB more at the end of the read than halfway, a figure no run alone,
    // nor one beside two busy cores, came near: 0.1-0.2 MB).
    const cdp = await p.context.newCDPSession(page);
    const heap = async () => {
      let least = Infinity;
      for (let i = 0; i < 4; i++) {
        if (i > 0) await page.waitForTimeout(500);
        await cdp.send('HeapProfiler.collectGarbage');
        least = Math.min(least, (await cdp.send('Runtime.getHeapUsage')).usedSize);
      }
      return least;
    };
    const atNewest = await heap();
    // To the top again and again: each time the page before loads above, until the first message is in the list. The
    // loop runs in the page (no Playwright round trips per page; the page's own load and render are most of each
    // step); it stops after `upTo` pages so that the heap can be read halfway.
    const oldest = list.locator('li', { hasText: 'Message 1: ' });
    const readBack = (upTo: number) =>
      scroller.evaluate(async (el, max) => {
        const items = () => el.querySelectorAll('li[data-message-id]');
        const first = () => items()[0]?.getAttribute('data-message-id');
        const atOldest = () => Array.from(items()).some((li) => li.textContent?.includes('Message 1: '));
        let pages = 0;
        let most = 0;
        while (pages < max && !atOldest()) {
          const before = first();
          const started = performance.now();
          // Near the top, moved a pixel each time (a scroll event), until the page before is in.
          for (let i = 0; first() === before; i++) {
            if (performance.now() - started > 20_000) throw new Error(`no older page came after ${pages} pages`);
            el.scrollTop = i % 2;
            await new Promise((r) => setTimeout(r, 25));
          }
          pages++;
          most = Math.max(most, items().length);
        }
        return { pages, most };
      }, upTo);
    const started = Date.now();
    const firstHalf = await readBack(READ_PAGES === 1_000 ? 125 : READ_PAGES / 2);
    const halfway = await heap();
    const secondHalf = await readBack(READ_PAGES - firstHalf.pages);
    const pages = firstHalf.pages + secondHalf.pages;
    const most = Math.max(firstHalf.most, secondHalf.most);
    if (READ_ALL) expect(await oldest.count()).toBe(1);
    else expect(pages).toBe(READ_PAGES);
    const read = await heap();
    const mb = (n: number) => (n / 2 ** 20).toFixed(1);
    console.log(
      `[long-chat] read back through ${READ_ALL ? 'all ' : ''}${(pages * 40).toLocaleString('en')} of ${MESSAGES.toLocaleString('en')} messages ` +
        `(${pages} pages, ${((Date.now() - started) / 1000).toFixed(1)} s): at most ${most} messages in the list; ` +
        `JS heap ${mb(atNewest)} MB at the newest page, ${mb(halfway)} MB halfway, ${mb(read)} MB at the end of the read`,
    );
    if (READ_ALL) expect(pages).toBeGreaterThan(200);
    expect(most).toBeLessThanOrEqual(240);
    // Bounded: the second half of the read adds next to nothing (the first half loads the code of the window's
    // controls and fills the list to its 200).
    expect(read - halfway).toBeLessThan(4 * 2 ** 20);
    expect(read - atNewest).toBeLessThan(16 * 2 ** 20);
    // Where the read ended (the first message when it read everything: at the top of the list, nothing older to load),
    // then the same at 390 px.
    const reached = READ_ALL ? oldest : list.locator('li[data-message-id]').first();
    const atTop = async () => {
      if (READ_ALL) await scroller.evaluate((el) => (el.scrollTop = 0));
      else await reached.scrollIntoViewIfNeeded();
      await reached.waitFor({ state: 'visible' });
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    };
    await atTop();
    await screenshot(page, `long-chat-${READ_ALL ? 'first-message' : 'read-back'}-1280`);
    await page.setViewportSize(MOBILE);
    await page.getByRole('button', { name: 'Back to the latest messages' }).waitFor();
    await atTop();
    await screenshot(page, `long-chat-${READ_ALL ? 'first-message' : 'read-back'}-390`);
    await page.getByRole('button', { name: 'Back to the latest messages' }).click();
    await page.getByText(`Message ${MESSAGES}:`).waitFor();
    expectClean(p, 'reading back through the long chat');
    await p.context.close();
  }, 600_000);

  it('searches every chat from the chats page, grouped by character, and opens a match in its chat (390 px)', async () => {
    const p = await signedInPage(h, email, password);
    const { page } = p;
    await page.setViewportSize(MOBILE);
    await page.goto(`${h.server.url}/chat`);
    await page.getByRole('searchbox', { name: 'Search all your chats' }).fill('marmalade');
    const groups = page.getByRole('list', { name: 'Matches by chat' });
    await groups.waitFor({ timeout: 15_000 });
    await expect.poll(() => groups.getByRole('heading').allTextContents()).toEqual(['Oren Thorne1 match', 'Mira Vale1 match']);
    await screenshot(page, 'chat-search-all-390');
    await groups.getByRole('link', { name: /marmalade comet/ }).click();
    const target = page
      .getByRole('list', { name: 'Conversation with Mira Vale' })
      .locator('li', { hasText: 'Message 200: the marmalade comet' });
    await target.waitFor({ timeout: 15_000 });
    await expect.poll(() => target.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe('solid');
    await expect
      .poll(() =>
        target.evaluate((el) => {
          const box = el.getBoundingClientRect();
          const frame = el.closest('ol')!.parentElement!.getBoundingClientRect();
          return box.top >= frame.top && box.bottom <= frame.bottom;
        }),
      )
      .toBe(true);
    await screenshot(page, 'chat-search-jump-390');

    await page.setViewportSize(DESKTOP);
    await page.goto(`${h.server.url}/chat`);
    await page.getByRole('searchbox', { name: 'Search all your chats' }).fill('marmalade');
    await groups.waitFor({ timeout: 15_000 });
    await screenshot(page, 'chat-search-all-1280');

    await page.setViewportSize(MOBILE);
    await page.goto(`${h.server.url}/chat/${mira}`);
    await page.getByRole('button', { name: 'Search this chat' }).click();
    await page.getByRole('searchbox', { name: 'Search the chat with Mira Vale' }).fill('marmalade');
    await page
      .getByRole('dialog', { name: 'Search this chat' })
      .getByRole('button', { name: /marmalade comet/ })
      .waitFor({ timeout: 15_000 });
    await screenshot(page, 'long-chat-search-390');
    expectClean(p, 'the search across chats');
    await p.context.close();
  }, 180_000);
});
