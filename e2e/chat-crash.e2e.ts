// A server process killed with SIGKILL while replies stream (issue #25): after the restart, a reply that had words is
// an incomplete reply (charged, shown as incomplete, can be continued), a reply that had none is refunded and its
// "Get a reply" is free. Then editing a message offers to regenerate the reply after it (issue #28), the old reply
// kept as an alternative. Real server processes on one DATA_DIR (embedded PostgreSQL), a local OpenAI-compatible peer.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { api, type AuthResponse, type ChatSession } from '@reverie/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadCatalog } from '../apps/server/src/modules/billing/catalog.ts';
import { startOpenAiPeer, type OpenAiPeer } from '../apps/server/test/openai-peer.ts';
import { apiCall, DESKTOP, expectClean, MOBILE, pageWithSession, registerReadyUser, untilSendIsOn } from './flows.ts';
import { describeE2E, launchBrowser, screenshot, startServer, type Harness } from './harness.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describeE2E('chat across a kill -9 of the server', () => {
  const h = {} as Harness;
  let peer: OpenAiPeer;
  let dataDir: string;
  let env: Record<string, string>;
  const suffix = Date.now().toString(36);

  beforeAll(async () => {
    peer = await startOpenAiPeer();
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'reverie-crash-'));
    // No free messages: each reply costs 2 coins, so the refund shows in the balance.
    const catalog = loadCatalog(undefined);
    const catalogFile = path.join(dataDir, 'catalog.json');
    await writeFile(
      catalogFile,
      JSON.stringify({
        costs: { ...catalog.costs, chatMessage: 2 },
        plans: catalog.plans.map((p) => ({ ...p, permissions: { ...p.permissions, dailyFreeMessages: 0 } })),
      }),
    );
    env = {
      LLM_PROVIDER: 'openai',
      LLM_BASE_URL: peer.baseUrl,
      LLM_MODEL: 'peer-model',
      LLM_RETRIES: '0',
      BILLING_CATALOG_FILE: catalogFile,
      CHAT_PROGRESS_MS: '300',
      CHAT_IN_FLIGHT_PER_USER: '4',
      // The journey buys its coins with the sandbox top-up, which production servers leave off unless told.
      SANDBOX_TOP_UP: 'true',
    };
    h.server = await startServer({ env, dataDir });
    h.browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    await h.browser?.close().catch(() => undefined);
    await h.server?.stop();
    await peer?.close();
    await rm(dataDir, { recursive: true, force: true, maxRetries: 3 });
  });

  it('keeps the words of a reply cut by kill -9 as incomplete, refunds one that had none, and offers a free reply', async () => {
    const register = (name: string) =>
      registerReadyUser(h, { email: `${name}_${suffix}@example.com`, username: `${name}_${suffix}`, password: 'crash-and-back-42' });
    const [writer, waiter] = [await register('writer'), await register('waiter')];
    for (const who of [writer, waiter]) await apiCall(h, api.billing.addCoins, { body: { amount: 10 }, token: who.accessToken });
    const status = (await (await fetch(`${h.server.url}/api/chat/status`)).json()) as { diagnosticCharacterId: string };
    const characterId = status.diagnosticCharacterId;
    const url = () => `${h.server.url}/api/chat/${characterId}`;
    const sessionOf = async (who: AuthResponse) =>
      (await (await fetch(url(), { headers: { authorization: `Bearer ${who.accessToken}` } })).json()) as ChatSession;
    const stream = async (who: AuthResponse, content: string) => {
      const res = await fetch(`${url()}/message`, {
        method: 'POST',
        headers: { authorization: `Bearer ${who.accessToken}`, 'content-type': 'application/json', accept: 'text/event-stream' },
        body: JSON.stringify({ content }),
      });
      expect(res.status).toBe(200);
      const reader = res.body!.getReader();
      const seen = { text: '' };
      const done = (async () => {
        for (;;) {
          const r = await reader.read().catch(() => ({ done: true, value: undefined }));
          if (r.done) return;
          seen.text += new TextDecoder().decode(r.value);
        }
      })();
      return { seen, done };
    };
    await sessionOf(writer);
    await sessionOf(waiter);

    // The writer's reply streams words; the waiter's model has not written a word yet (its first part is a minute away).
    peer.behave({ kind: 'endless', everyMs: 60 });
    const writing = await stream(writer, 'Tell me a long story.');
    await expect.poll(() => writing.seen.text.split('event: token').length, { timeout: 10_000 }).toBeGreaterThan(5);
    peer.behave({ kind: 'reply', parts: ['Too', ' late.'], delayMs: 60_000 });
    const waiting = await stream(waiter, 'Are you there?');
    await expect.poll(() => waiting.seen.text.includes('event: start'), { timeout: 10_000 }).toBe(true);
    // Both are charged (2 coins each) before any word reaches the client; a few progress saves go by.
    await sleep(1200);

    process.kill(-h.server.child.pid!, 'SIGKILL');
    await Promise.all([writing.done, waiting.done]);
    const streamedBeforeKill = writing.seen.text;
    await h.server.stop();
    h.server = await startServer({ env, dataDir });

    // The restart recovers both: the words kept as an incomplete reply (still charged); no words: refunded.
    await expect.poll(async () => (await sessionOf(writer)).messages.at(-1)?.role, { timeout: 20_000 }).toBe('assistant');
    const written = await sessionOf(writer);
    const kept = written.messages.at(-1)!;
    expect(kept.status).toBe('incomplete');
    expect(kept.content).toMatch(/^more( more)+$/);
    expect(streamedBeforeKill).toContain('more');
    expect(written.cost.balance).toBe(8);
    await expect.poll(async () => (await sessionOf(waiter)).cost.balance, { timeout: 20_000 }).toBe(10);
    const waited = await sessionOf(waiter);
    expect(waited.messages.at(-1)).toMatchObject({ role: 'user', content: 'Are you there?' });
    expect(waited.freeReply).toBe(true);

    // The page shows the incomplete reply as such; it can be continued.
    peer.behave({ kind: 'reply', parts: [' The', ' end.'] });
    for (const [viewport, tag] of [
      [MOBILE, '390'],
      [DESKTOP, '1280'],
    ] as const) {
      const p = await pageWithSession(h, writer, viewport);
      await p.page.goto(`/chat/${characterId}`);
      const last = p.page.getByTestId('message-assistant').last();
      await last.getByText('incomplete', { exact: true }).waitFor({ timeout: 20_000 });
      await screenshot(p.page, `chat-crash-incomplete-${tag}`);
      expectClean(p, 'an incomplete reply after a crash');
      await p.context.close();
    }

    // The waiter's page offers a free reply; getting it costs nothing.
    const p = await pageWithSession(h, waiter, MOBILE);
    await p.page.goto(`/chat/${characterId}`);
    const free = p.page.getByRole('button', { name: 'Get a reply (free)' });
    await free.waitFor({ timeout: 20_000 });
    await screenshot(p.page, 'chat-crash-free-reply-390');
    await free.click();
    await p.page.getByText('The end.').waitFor({ timeout: 20_000 });
    expect((await sessionOf(waiter)).cost.balance).toBe(10);
    expectClean(p, 'a free reply after a crash');
    await p.context.close();
  }, 240_000);

  it('editing your message offers to regenerate the reply after it; the old reply stays as an alternative', async () => {
    const who = await registerReadyUser(h, {
      email: `editor_${suffix}@example.com`,
      username: `editor_${suffix}`,
      password: 'edit-and-again-42',
    });
    await apiCall(h, api.billing.addCoins, { body: { amount: 20 }, token: who.accessToken });
    const status = (await (await fetch(`${h.server.url}/api/chat/status`)).json()) as { diagnosticCharacterId: string };
    const characterId = status.diagnosticCharacterId;
    for (const [viewport, tag] of [
      [MOBILE, '390'],
      [DESKTOP, '1280'],
    ] as const) {
      const p = await pageWithSession(h, who, viewport);
      const { page } = p;
      await page.goto(`/chat/${characterId}`);
      const composer = page.getByLabel('Message Diagnostics');
      await composer.waitFor({ state: 'visible', timeout: 20_000 });
      peer.behave({ kind: 'reply', parts: ['Tea', ' it', ' is.'] });
      await composer.fill(`Coffee or tea? (${tag})`);
      await untilSendIsOn(page);
      await composer.press('Enter');
      await page.getByText('Tea it is.').last().waitFor({ timeout: 20_000 });

      const mine = page.getByTestId('message-user').last();
      await mine.hover();
      await mine.getByRole('button', { name: 'Edit message' }).click();
      await mine.getByRole('textbox', { name: 'Edit message' }).fill(`Coffee, please. (${tag})`);
      await mine.getByRole('button', { name: 'Save', exact: true }).click();
      const offer = page.getByRole('button', { name: 'Regenerate reply' }).and(page.getByText('Regenerate reply'));
      await offer.waitFor({ timeout: 10_000 });
      await page.getByText('Your message changed.').waitFor();
      await screenshot(page, `chat-edit-regenerate-offer-${tag}`);

      peer.behave({ kind: 'reply', parts: ['Coffee', ' it', ' is.'] });
      await offer.click();
      await page.getByText('Coffee it is.').waitFor({ timeout: 20_000 });
      await page.getByText('2/2').waitFor({ timeout: 10_000 });
      await expect.poll(() => page.getByText('Your message changed.').count()).toBe(0);
      await screenshot(page, `chat-edit-regenerated-${tag}`);
      // The old reply is the first alternative.
      await page.getByRole('button', { name: 'Previous alternative' }).last().click();
      await page.getByText('1/2').waitFor();
      await page.getByText('Tea it is.').last().waitFor();
      expectClean(p, 'edit then regenerate');
      await p.context.close();
      // A fresh conversation for the next viewport.
      await apiCall(h, api.chat.newConversation, { params: { characterId }, token: who.accessToken });
    }
  }, 180_000);
});
