// The first-start download when the model host cannot be reached: a local "host" that closes every connection
// (what an offline machine or a dead host looks like to the downloader). The chat page and /test say what happened
// and what to do, sending is off, and Retry starts again once the host serves the file. Chromium at 390 and 1280 px.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { api, type AuthResponse, type ChatStatus } from '@reverie/shared';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { tinyModelPath } from '../apps/server/test/tiny-model.ts';
import { apiCall, DESKTOP, MOBILE, pageWithSession, registerReadyUser } from './flows.ts';
import { describeE2E, launchBrowser, screenshot, startServer, type Harness, type ServerProcess } from './harness.ts';

describeE2E('a model host that cannot be reached on the first start', () => {
  let host: http.Server;
  let serving = false;
  let server: ServerProcess;
  let browser: Browser;
  let auth: AuthResponse;
  const h = {} as Harness;
  const model = readFileSync(tinyModelPath(4));

  beforeAll(async () => {
    host = http.createServer((req, res) => {
      if (!serving) {
        req.socket.destroy(); // closed without an answer
        return;
      }
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(model.length) }).end(model);
    });
    await new Promise<void>((r) => host.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(host.address() as AddressInfo).port}/models/offline.gguf`;
    server = await startServer({
      env: {
        LLM_MODEL_URL: url,
        LLM_DOWNLOAD_RETRIES: '2',
        LLM_DOWNLOAD_RETRY_DELAY_MS: '15000',
        LLM_CONTEXT_SIZE: '1024',
        LLM_THREADS: '1',
        LLM_GPU: 'false',
      },
    });
    browser = await launchBrowser();
    Object.assign(h, { server, browser });
    const suffix = Date.now().toString(36);
    auth = await registerReadyUser(h, { email: `off_${suffix}@example.com`, username: `off_${suffix}`, password: 'offline-42' });
  });
  afterAll(async () => {
    await browser?.close().catch(() => undefined);
    await server?.stop();
    host?.closeAllConnections();
    await new Promise((r) => host?.close(r));
  });

  it(
    'says what happened and what to do, keeps Send off, and Retry gets the model once the host answers',
    { timeout: 240_000 },
    async () => {
      const characterId = (await apiCall(h, api.chat.status)).diagnosticCharacterId!;
      const status = () => apiCall(h, api.chat.status) as Promise<ChatStatus>;
      const p = await pageWithSession(h, auth, MOBILE);
      const { page } = p;
      await page.goto(`/chat/${characterId}`);
      const banner = page.getByRole('status').filter({ hasText: /^The model download is not getting through\./ });
      const offline = /Cannot reach the model host \(127\.0\.0\.1:\d+\): is this machine offline\?/;

      // Between attempts: the reason, the next attempt, the way around it; the composer does not send.
      await banner.waitFor({ timeout: 30_000 });
      expect(await banner.textContent()).toMatch(offline);
      // A user reads that the operator can fix it, never the server's settings (#46.5: those are for admins).
      expect(await banner.textContent()).toMatch(/Trying again in \d+ s\. Only the site's operator can change how the model is set up/);
      expect(await banner.textContent()).not.toMatch(/LLM_MODEL_PATH|LLM_PROVIDER/);
      const composer = page.getByLabel('Message Diagnostics');
      await composer.fill('Hello?');
      await composer.press('Enter');
      await page.getByText('Sending starts once the model has downloaded.').waitFor();
      expect(await page.getByRole('button', { name: 'Send message' }).isDisabled()).toBe(true);
      expect(await composer.inputValue()).toBe('Hello?');
      await screenshot(page, 'chat-model-retrying-390');

      // Out of attempts: the failure in words and a Retry button (the page polls the status).
      const failed = page.getByRole('status').filter({ hasText: /^The language model is not available\./ });
      await failed.waitFor({ timeout: 90_000 });
      expect(await failed.textContent()).toMatch(offline);
      expect(await failed.textContent()).not.toMatch(/LLM_MODEL_PATH|LLM_PROVIDER/);
      expect(await failed.textContent()).toContain("Only the site's operator can change how the model is set up");
      await page.getByText('Sending is off: the language model is not available.').waitFor();
      await screenshot(page, 'chat-model-failed-390');
      await page.setViewportSize(DESKTOP);
      await screenshot(page, 'chat-model-failed-1280');

      // /test shows the same state from the same source, with Retry too.
      const t = await pageWithSession(h, auth, DESKTOP);
      await t.page.goto('/test');
      await t.page.getByText('The language model is not available.').waitFor({ timeout: 20_000 });
      const row = t.page.getByRole('listitem').filter({ hasText: 'Language model' });
      await row.getByText('Not working').waitFor();
      expect(await t.page.getByRole('button', { name: 'Retry' }).count()).toBe(1);
      await screenshot(t.page, 'test-model-failed-1280', { fullPage: true });
      await t.page.setViewportSize(MOBILE);
      await screenshot(t.page, 'test-model-failed-390', { fullPage: true });
      const health = (await (await fetch(`${server.url}/api/health`)).json()) as { providers: Record<string, { status: string }> };
      expect(health.providers.llm!.status).toBe('down');
      await t.context.close();

      // The host is back: Retry downloads the model, the page says nothing any more, and a message gets a reply.
      serving = true;
      await page.getByRole('button', { name: 'Retry' }).click();
      await expect.poll(async () => (await status()).ready, { timeout: 60_000 }).toBe(true);
      await failed.waitFor({ state: 'detached', timeout: 20_000 });
      // The page polls the status every few seconds while the model is not ready.
      await expect.poll(() => page.getByRole('button', { name: 'Send message' }).isDisabled(), { timeout: 20_000 }).toBe(false);
      expect(await page.getByText(/^Sending (starts|is off)/).count()).toBe(0);
      await composer.press('Enter');
      await expect.poll(() => page.getByTestId('message-assistant').count(), { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
      const healthAfter = (await (await fetch(`${server.url}/api/health`)).json()) as { providers: Record<string, { status: string }> };
      expect(healthAfter.providers.llm!.status).toBe('ok');
      await p.context.close();
    },
  );
});
