// Chat journeys against real servers and Chromium: the embedded llama.cpp provider on the self-made tiny GGUF
// (send, stream, regenerate and swipe, edit, delete, memory, recent chats), and an OpenAI-compatible server on
// 127.0.0.1 that streams slowly enough to stop a reply half-way.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { api, type AuthResponse, type ChatStatus } from '@reverie/shared';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { tinyModelPath } from '../apps/server/test/tiny-model.ts';
import { startOpenAiPeer, type OpenAiPeer } from '../apps/server/test/openai-peer.ts';
import { apiCall, DESKTOP, expectClean, header, MOBILE, pageWithSession, registerReadyUser, untilSendIsOn } from './flows.ts';
import { describeE2E, launchBrowser, screenshot, startServer, type Harness, type ServerProcess } from './harness.ts';

/** A harness with a server of our own configuration. */
function chatHarness(env: () => Record<string, string>) {
  const h = {} as Harness;
  beforeAll(async () => {
    h.server = await startServer({ env: env() });
    h.browser = await launchBrowser();
  });
  afterAll(async () => {
    await h.browser?.close().catch(() => undefined);
    await h.server?.stop();
  });
  return h;
}

async function diagnosticId(h: Harness): Promise<string> {
  const status = (await (await fetch(`${h.server.url}/api/chat/status`)).json()) as ChatStatus;
  return status.diagnosticCharacterId!;
}

/**
 * The space between consecutive messages, as boxes ([data-testid^=message-]) and as the bubbles a reader sees, and
 * each message's action line: its height and whether it had to scroll sideways.
 */
async function messageSpacing(page: Page) {
  return page.evaluate(() => {
    const items = Array.from(document.querySelectorAll('[data-testid^=message-]'));
    const rect = (el: Element | null) => el!.getBoundingClientRect();
    const boxes = items.map(rect);
    const bubbles = items.map((el) => rect(el.querySelector('[data-testid=bubble]')));
    const rows = items.map((el) => el.querySelector('[data-testid=bubble-toolbar]') as HTMLElement | null);
    return {
      gaps: boxes.slice(1).map((b, i) => Math.round(b.top - boxes[i]!.bottom)),
      bubbleGaps: bubbles.slice(1).map((b, i) => Math.round(b.top - bubbles[i]!.bottom)),
      bubbleWidths: bubbles.map((b) => Math.round(b.width)),
      rowHeights: rows.map((row) => (row ? Math.round(row.getBoundingClientRect().height) : null)),
      rowsScrolling: rows.filter((row) => row && row.scrollWidth > row.clientWidth).length,
    };
  });
}

/** Every gap within 2 px of the others, boxes under 32 px apart (the list's 12 px gap), action lines one row high. */
async function expectEvenSpacing(page: Page, rowHeight: number, what: string) {
  const s = await messageSpacing(page);
  const spread = (xs: number[]) => Math.max(...xs) - Math.min(...xs);
  expect(s.gaps.length, `${what}: ${JSON.stringify(s)}`).toBeGreaterThanOrEqual(2);
  expect(spread(s.gaps), `${what}: ${JSON.stringify(s)}`).toBeLessThanOrEqual(2);
  expect(Math.max(...s.gaps), `${what}: ${JSON.stringify(s)}`).toBeLessThan(32);
  expect(spread(s.bubbleGaps), `${what}: ${JSON.stringify(s)}`).toBeLessThanOrEqual(2);
  expect(s.rowHeights, `${what}: ${JSON.stringify(s)}`).toEqual(s.rowHeights.map(() => rowHeight));
  return s;
}

/** The element's text is shown whole: nothing cut off sideways (an ellipsis leaves scrollWidth above clientWidth). */
const fitsItsBox = (el: Locator) => el.evaluate((node) => node.scrollWidth <= node.clientWidth && node.clientWidth > 0);

/** The visible buttons inside `scope` with no accessible name (aria-label, aria-labelledby, text or title). */
const unnamedButtons = (scope: Locator) =>
  scope.locator('button, [role="button"], a').evaluateAll((els) =>
    els
      .filter((el) => (el as HTMLElement).offsetParent !== null)
      .filter(
        (el) =>
          !(el.getAttribute('aria-label') ?? '').trim() &&
          !el.getAttribute('aria-labelledby') &&
          !(el.textContent ?? '').trim() &&
          !(el.getAttribute('title') ?? '').trim(),
      )
      .map((el) => el.outerHTML.slice(0, 120)),
  );
describeE2E('chat on the embedded model (tiny GGUF, real llama.cpp)', () => {
  const h = chatHarness(() => ({ LLM_MODEL_PATH: tinyModelPath(1), LLM_CONTEXT_SIZE: '1024', LLM_THREADS: '1', LLM_GPU: 'false' }));
  const suffix = Date.now().toString(36);
  let auth: AuthResponse;
  let characterId: string;

  beforeAll(async () => {
    auth = await registerReadyUser(h, { email: `chatter_${suffix}@example.com`, username: `chatter_${suffix}`, password: 'talk-to-me-42' });
    characterId = await diagnosticId(h);
  });

  it('sends a message and watches the reply stream in; regenerates and swipes; edits and deletes; pins a memory', async () => {
    const p = await pageWithSession(h, auth, DESKTOP);
    const { page } = p;
    await page.goto(`/chat/${characterId}`);
    const composer = page.getByLabel('Message Diagnostics');
    await composer.waitFor({ state: 'visible', timeout: 20_000 });
    // The greeting opens the conversation, and the header links to the character.
    await page.getByText('Send any message and I will answer').waitFor();
    expect(
      await page
        .getByRole('link', { name: /Diagnostics/ })
        .first()
        .getAttribute('href'),
    ).toBe(`/characters/${characterId}`);
    await page.getByText(/free messages left today/).waitFor();

    await composer.fill('Hello there, tell me about the night sky.');
    await untilSendIsOn(p.page);
    await composer.press('Enter');
    await page.getByText('Hello there, tell me about the night sky.').waitFor();
    const replies = page.getByTestId('message-assistant');
    await expect.poll(() => replies.count(), { timeout: 20_000 }).toBe(2);
    await page.getByRole('button', { name: 'Regenerate reply' }).waitFor({ timeout: 20_000 });
    await screenshot(page, 'chat-streamed-1280');

    // Regenerate: a second alternative, then back to the first with the swipe arrows.
    await page.getByRole('button', { name: 'Regenerate reply' }).click();
    await page.getByText('2/2').waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Previous alternative' }).last().click();
    await page.getByText('1/2').waitFor();

    // Edit my message.
    const mine = page.getByTestId('message-user');
    await mine.hover();
    await mine.getByRole('button', { name: 'Edit message' }).click();
    await mine.getByRole('textbox', { name: 'Edit message' }).fill('Hello again, tell me about the moon.');
    await mine.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Hello again, tell me about the moon.').waitFor();
    await page.getByText('edited').waitFor();
    // The edit offers a new reply (a line between the two messages); keep this one.
    await page.getByRole('button', { name: 'Keep reply' }).click();
    // Even spacing whatever a message carries (a swipe picker, "edited", the last reply's extra actions), and the
    // action line on one row (36 px) for the short messages and the long reply alike.
    const desktop = await expectEvenSpacing(page, 36, 'chat at 1280 px');
    expect(desktop.rowsScrolling).toBe(0);
    console.info('message spacing at 1280 px', JSON.stringify(desktop));

    // Rate the character from the chat header, without leaving the conversation.
    await page.getByRole('button', { name: 'Rate Diagnostics', exact: true }).click();
    const rating = page.getByRole('dialog', { name: 'Rate Diagnostics' });
    await rating.getByRole('radio', { name: '4 stars: Great' }).click();
    await rating.getByText('You gave 4 stars. Tap another star to change it.').waitFor();
    await screenshot(page, 'chat-rate-1280');
    await rating.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('button', { name: 'Your rating of Diagnostics: 4 of 5 stars. Change it' }).waitFor();

    // Pin a fact in the memory panel.
    await page.getByLabel('A fact to pin').fill("My name is Sam, I'm a pilot");
    await page.getByRole('button', { name: 'Pin', exact: true }).click();
    await page.getByRole('listitem').filter({ hasText: "My name is Sam, I'm a pilot" }).waitFor();
    await page.getByRole('button', { name: 'Dismiss notification' }).click();
    await page.getByRole('button', { name: 'Dismiss notification' }).waitFor({ state: 'hidden' });
    await screenshot(page, 'chat-memory-1280');

    // Delete the reply (with confirmation).
    await page.getByTestId('message-assistant').last().hover();
    await page.getByRole('button', { name: 'Delete message' }).last().click();
    await page.getByRole('dialog', { name: 'Delete this message?' }).getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => replies.count()).toBe(1);
    await page.goto('/chat');
    await page.getByRole('link', { name: /Diagnostics/ }).waitFor({ timeout: 15_000 });
    await screenshot(page, 'chat-recent-1280');
    expectClean(p, 'the chat journey');
    await p.context.close();
  });

  it('chats at 390 px (memory in a dialog), finds the conversation in recent chats, opens it, and deletes it', async () => {
    const p = await pageWithSession(h, auth, MOBILE);
    const { page } = p;
    await page.goto(`/chat/${characterId}`);
    const composer = page.getByLabel('Message Diagnostics');
    await composer.waitFor({ state: 'visible', timeout: 20_000 });
    await composer.fill('A short one on the phone, please.');
    await untilSendIsOn(p.page);
    await composer.press('Enter');
    await expect.poll(() => page.getByTestId('message-assistant').count(), { timeout: 20_000 }).toBe(2);
    await page.getByRole('button', { name: 'Regenerate reply' }).waitFor({ timeout: 20_000 });
    await screenshot(page, 'chat-streamed-390');
    // Issue 46: beside the header's buttons the name is readable (it showed as 'D…'), and every button there is named.
    const chatBar = page.locator('header').filter({ has: page.getByRole('link', { name: 'Back to chats' }) });
    expect(await fitsItsBox(chatBar.getByText('Diagnostics', { exact: true })), 'the whole name in the chat header').toBe(true);
    expect(await unnamedButtons(chatBar), 'header buttons without an accessible name').toEqual([]);
    const phone = await expectEvenSpacing(page, 44, 'chat at 390 px');
    expect(phone.rowsScrolling).toBe(0);
    console.info('message spacing at 390 px', JSON.stringify(phone));
    // Below 1024 px the header has no room for a star: rating is the first entry of its menu, with the rating given.
    await page.getByRole('button', { name: 'Rate Diagnostics, export or import a chat' }).click();
    await page.getByRole('menuitem', { name: 'Your rating: 4 of 5' }).click();
    const rating = page.getByRole('dialog', { name: 'Rate Diagnostics' });
    await rating.getByText('You gave 4 stars. Tap another star to change it.').waitFor();
    await screenshot(page, 'chat-rate-390');
    await rating.getByRole('button', { name: 'Close' }).click();
    // On a phone a new chat, earlier chats and the memory are in the same menu, so that the name keeps its room.
    await page.getByRole('button', { name: 'Rate Diagnostics, export or import a chat' }).click();
    await page.getByRole('menuitem', { name: 'New chat' }).waitFor();
    await page.getByRole('menuitem', { name: 'Memory' }).click();
    const memory = page.getByRole('dialog', { name: 'Memory' });
    await memory.getByRole('listitem').filter({ hasText: "My name is Sam, I'm a pilot" }).waitFor();
    await screenshot(page, 'chat-memory-390');
    await page.keyboard.press('Escape');
    await page.goto('/chat');
    const row = page.getByRole('link', { name: /Diagnostics/ });
    await row.waitFor({ timeout: 15_000 });
    await screenshot(page, 'chat-recent-390');
    expect(await fitsItsBox(row.getByText('Diagnostics', { exact: true })), 'the whole name in the chat list row').toBe(true);
    await page.getByRole('button', { name: 'Delete the conversation with Diagnostics' }).click();
    await page.getByRole('dialog', { name: 'Delete this conversation?' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByText('No conversations yet').waitFor({ timeout: 10_000 });
    expectClean(p, 'recent chats');
    await p.context.close();
  });

  it('shows the model on /test-chat', async () => {
    const p = await pageWithSession(h, auth, DESKTOP);
    await p.page.goto('/test-chat');
    const facts = p.page.getByRole('list', { name: 'Model diagnostics' }).or(p.page.getByLabel('Model diagnostics'));
    await facts.waitFor({ timeout: 20_000 });
    await p.page.getByText('embedded', { exact: true }).waitFor();
    await p.page.getByText(/reverie-tiny/).waitFor();
    const composer = p.page.getByLabel('Message Diagnostics');
    await composer.fill('Speed test');
    await untilSendIsOn(p.page);
    await composer.press('Enter');
    await p.page.getByText(/tokens\/s/).waitFor({ timeout: 20_000 });
    await screenshot(p.page, 'chat-test-chat-1280');
    // At 1024 px the sidebar and the memory panel both stay: the conversation keeps a readable column.
    await p.page.setViewportSize({ width: 1024, height: 768 });
    await p.page.getByText(/tokens\/s/).waitFor();
    await screenshot(p.page, 'chat-test-chat-1024');
    expectClean(p, '/test-chat');
    await p.context.close();
  });

  it('runs a tiny chat from the /test page and shows its speed (1280 and 390 px)', async () => {
    for (const [viewport, name] of [
      [DESKTOP, 'test-tiny-chat-1280'],
      [MOBILE, 'test-tiny-chat-390'],
    ] as const) {
      const p = await pageWithSession(h, auth, viewport);
      await p.page.goto('/test');
      await p.page.getByRole('button', { name: 'Run a tiny chat' }).click();
      await p.page.getByText(/\d tokens\/s$/).waitFor({ timeout: 20_000 });
      await p.page.getByText(/tokens in \d+ ms/).waitFor();
      await p.page.getByRole('button', { name: 'Run a tiny chat' }).scrollIntoViewIfNeeded();
      await screenshot(p.page, name);
      expectClean(p, '/test tiny chat');
      await p.context.close();
    }
  });
});

describeE2E('chat over an OpenAI-compatible server (local peer)', () => {
  let peer: OpenAiPeer;
  let server: ServerProcess;
  let browser: Browser;
  let auth: AuthResponse;
  const h = {} as Harness;

  beforeAll(async () => {
    peer = await startOpenAiPeer();
    server = await startServer({ env: { LLM_PROVIDER: 'openai', LLM_BASE_URL: peer.baseUrl, LLM_MODEL: 'peer-model', LLM_RETRIES: '0' } });
    browser = await launchBrowser();
    Object.assign(h, { server, browser });
    const suffix = Date.now().toString(36);
    auth = await registerReadyUser(h, { email: `peer_${suffix}@example.com`, username: `peer_${suffix}`, password: 'stream-me-42' });
  });
  afterAll(async () => {
    await browser?.close().catch(() => undefined);
    await server?.stop();
    await peer?.close();
  });

  it('streams the reply word by word and stops it half-way, keeping what came', async () => {
    const characterId = (await apiCall(h, api.chat.status)).diagnosticCharacterId!;
    const words = Array.from({ length: 60 }, (_, i) => ` word${i}`);
    peer.behave({ kind: 'reply', parts: words, delayMs: 120 });
    const p = await pageWithSession(h, auth, DESKTOP);
    const { page } = p;
    await page.goto(`/chat/${characterId}`);
    const composer = page.getByLabel('Message Diagnostics');
    await composer.waitFor({ state: 'visible', timeout: 20_000 });
    await composer.fill('Count for me, slowly.');
    await page.getByRole('button', { name: 'Send message' }).click();
    await page.getByText(/word3/).waitFor({ timeout: 15_000 });
    await screenshot(page, 'chat-streaming-1280');
    const stop = page.getByRole('button', { name: 'Stop generating' });
    await stop.click();
    await page.getByText('incomplete', { exact: true }).waitFor({ timeout: 10_000 });
    // The page keeps what arrived, then the server's copy replaces it (a second later, on a busy machine later still).
    const lastReply = page.getByTestId('message-assistant').last();
    await expect.poll(() => lastReply.innerText(), { timeout: 15_000 }).toMatch(/word3/);
    expect(await lastReply.innerText()).not.toMatch(/word59/);
    // The "incomplete" label sits in the action line: the spacing stays even.
    await expectEvenSpacing(page, 36, 'a stopped reply at 1280 px');
    // The upstream request was closed when the reply was stopped.
    await expect.poll(() => peer.requests.at(-1)?.closedAt !== undefined, { timeout: 3000 }).toBe(true);
    expectClean(p, 'stopping a reply');
    await p.context.close();
  });

  it('goes on writing a reply when its page is left, and the bell says where it waits (#43)', async () => {
    const characterId = (await apiCall(h, api.chat.status)).diagnosticCharacterId!;
    const words = Array.from({ length: 12 }, (_, i) => ` step${i}`);
    peer.behave({ kind: 'reply', parts: words, delayMs: 250 });
    for (const [viewport, name] of [
      [DESKTOP, 'chat-reply-away-bell-1280'],
      [MOBILE, 'chat-reply-away-bell-390'],
    ] as const) {
      const p = await pageWithSession(h, auth, viewport);
      const { page } = p;
      await page.goto(`/chat/${characterId}`);
      const composer = page.getByLabel('Message Diagnostics');
      await composer.waitFor({ state: 'visible', timeout: 20_000 });
      await composer.fill('Walk me through it, then I have to go.');
      // The second pass reopens the first one's conversation: its words are on the page already.
      const replies = page.getByTestId('message-assistant');
      const before = await replies.count();
      await page.getByRole('button', { name: 'Send message' }).click();
      await expect.poll(() => replies.count(), { timeout: 15_000 }).toBeGreaterThan(before);
      await replies.last().getByText(/step1/).waitFor({ timeout: 15_000 });
      // Away from the chat while the reply is written: the page closes its stream, the server goes on.
      await page.goto('/');
      // The model goes on to its last word after the page left (the chat shows it below), and the bell has it.
      const unread = async () => (await apiCall(h, api.notifications.list, { token: auth.accessToken })).unreadCount;
      await expect.poll(unread, { timeout: 20_000 }).toBeGreaterThan(0);
      await page.reload();
      const bell = header(page).getByRole('button', { name: /Notifications, \d+ unread/ });
      await bell.waitFor({ timeout: 20_000 });
      await bell.click();
      const panel = page.getByRole('dialog', { name: 'Notifications' });
      await panel.getByText('Diagnostics replied').first().waitFor();
      await screenshot(page, name);
      await panel.getByText('Diagnostics replied').first().click();
      await page.waitForURL(/\/chat\//);
      const lastReply = page.getByTestId('message-assistant').last();
      await expect.poll(() => lastReply.innerText(), { timeout: 15_000 }).toMatch(/step11/);
      expectClean(p, 'a reply whose page was left');
      await p.context.close();
    }
    // Two full flows (1280 and 390 px), each a 3 s reply, a reload and the bell: 47.7 s when it passed on a slow day.
  }, 120_000);
});

describeE2E('chat while the model downloads on the first start (local model server)', () => {
  let files: http.Server;
  let server: ServerProcess;
  let browser: Browser;
  let auth: AuthResponse;
  const h = {} as Harness;
  const size = 64 * 1024 * 1024;

  beforeAll(async () => {
    // Serves a 64 MB "model" at 2 MB/s: the download takes half a minute, long enough to look at.
    files = http.createServer((req, res) => {
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(size) });
      let sent = 0;
      const timer = setInterval(() => {
        if (sent >= size || res.destroyed) return clearInterval(timer);
        res.write(Buffer.alloc(256 * 1024));
        sent += 256 * 1024;
      }, 125);
      res.on('close', () => clearInterval(timer));
      void req;
    });
    await new Promise<void>((r) => files.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(files.address() as AddressInfo).port}/models/first-start.gguf`;
    const suffix = Date.now().toString(36);
    // An administrator: the health details (the download's progress) are for administrators only.
    const email = `dl_${suffix}@example.com`;
    server = await startServer({ env: { LLM_MODEL_URL: url, LLM_THREADS: '1', LLM_GPU: 'false', ADMIN_EMAILS: email } });
    browser = await launchBrowser();
    Object.assign(h, { server, browser });
    await registerReadyUser(h, { email, username: `dl_${suffix}`, password: 'wait-for-it-42' });
    // Signing in after verification is what makes a configured address an admin.
    auth = await apiCall(h, api.auth.login, { body: { emailOrUsername: email, password: 'wait-for-it-42' } });
  });
  afterAll(async () => {
    await browser?.close().catch(() => undefined);
    await server?.stop();
    files?.closeAllConnections();
    await new Promise((r) => files?.close(r));
  });

  it('shows the download progress on the chat page, and a message meanwhile gets the clear 503', async () => {
    const characterId = (await apiCall(h, api.chat.status)).diagnosticCharacterId!;
    const p = await pageWithSession(h, auth, MOBILE);
    const { page } = p;
    await page.goto(`/chat/${characterId}`);
    const progress = page.getByRole('progressbar', { name: 'Model download' });
    await progress.waitFor({ timeout: 30_000 });
    await expect.poll(async () => Number(await progress.getAttribute('aria-valuenow')), { timeout: 15_000 }).toBeGreaterThan(0);
    await page.getByText(/The language model is downloading: \d+ %/).waitFor();
    const composer = page.getByLabel('Message Diagnostics');
    await composer.fill('Are you there yet?');
    await composer.press('Enter');
    // Nothing is sent while the model downloads: the text stays, Send is off, and the composer says why.
    await page.getByText('Sending starts once the model has downloaded.').waitFor();
    expect(await page.getByRole('button', { name: 'Send message' }).isDisabled()).toBe(true);
    await expect.poll(() => composer.inputValue(), { timeout: 10_000 }).toBe('Are you there yet?');
    await screenshot(page, 'chat-model-downloading-390');
    const res = await fetch(`${h.server.url}/api/chat/${characterId}/message`, {
      method: 'POST',
      headers: { authorization: `Bearer ${auth.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ content: 'hello?' }),
    });
    expect(res.status).toBe(503);
    expect(((await res.json()) as { message: string }).message).toMatch(/^The model is downloading: \d+ %$/);
    const health = (await (
      await fetch(`${h.server.url}/api/health/details`, { headers: { authorization: `Bearer ${auth.accessToken}` } })
    ).json()) as { providers: Record<string, { detail?: string }> };
    expect(JSON.stringify(health.providers.llm)).toMatch(/Downloading the model/);
    // The one refused message is the expected 503; nothing else went wrong.
    expect(p.problemList().filter((line) => !/\b503\b/.test(line))).toEqual([]);
    await p.context.close();
  });
});
