// A character that writes first, against the real server and Chromium: the user allows it under the memory ("May
// message me", 4 hours), the conversation is made 5 hours old in the database, and the server's own schedule (every
// minute) writes the message through the reply pipeline: the bell has it, the chat shows it marked "wrote first".
// The server runs on a throwaway database of the PostgreSQL at DATABASE_URL (the test ages rows in it); without one
// the journey is skipped (.ci/run runs it with DATABASE_URL after the server tests on PostgreSQL).
import pg from 'pg';
import type { AuthResponse } from '@reverie/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase } from '../apps/server/test/helpers.ts';
import { startOpenAiPeer, type OpenAiPeer } from '../apps/server/test/openai-peer.ts';
import { DESKTOP, MOBILE, dialog, expectClean, pageWithSession, registerReadyUser, untilSendIsOn } from './flows.ts';
import { importLighthouseCard } from './fixtures/lighthouse-card.ts';
import { hasChromium, launchBrowser, screenshot, startServer, type Harness } from './harness.ts';

const POSTGRES = process.env.DATABASE_URL?.startsWith('postgres') ? process.env.DATABASE_URL : undefined;

describe.runIf(hasChromium && Boolean(POSTGRES))('a character writes first (real server + Chromium + PostgreSQL)', () => {
  const h = {} as Harness;
  let peer: OpenAiPeer;
  let db: { url: string; drop(): Promise<void> };
  let auth: AuthResponse;
  let characterId: string;
  const suffix = Date.now().toString(36);

  beforeAll(async () => {
    peer = await startOpenAiPeer();
    peer.behave({ kind: 'reply', parts: ['*She trims', ' the wick.*', ' The light held all night.'] });
    db = await createPostgresDatabase(POSTGRES!);
    h.server = await startServer({
      // The schedule looks every 2 s here, not every minute: the journey waits for it.
      env: {
        LLM_PROVIDER: 'openai',
        LLM_BASE_URL: peer.baseUrl,
        LLM_MODEL: 'peer-model',
        DATABASE_URL: db.url,
        CHAT_FIRST_MESSAGES_EVERY_SECONDS: '2',
      },
    });
    h.browser = await launchBrowser();
    auth = await registerReadyUser(h, { email: `away_${suffix}@example.com`, username: `away_${suffix}`, password: 'lantern-light-42' });
    characterId = await importLighthouseCard(h, auth);
  }, 120_000);
  afterAll(async () => {
    await h.browser?.close().catch(() => undefined);
    await h.server?.stop();
    await db?.drop();
    await peer?.close();
  });

  it('is allowed under the memory, then the schedule writes one message shown as "wrote first" (1280 and 390 px)', async () => {
    const p = await pageWithSession(h, auth, DESKTOP);
    const { page } = p;
    await page.goto(`/chat/${characterId}`);
    const composer = page.getByLabel('Message Juniper Vale');
    await composer.waitFor({ state: 'visible', timeout: 20_000 });
    await composer.fill('Did the light hold?');
    await untilSendIsOn(page);
    await composer.press('Enter');
    await expect.poll(() => page.getByTestId('message-assistant').count(), { timeout: 20_000 }).toBe(2);

    const memory = page.getByRole('complementary', { name: 'Memory' });
    const allow = memory.getByRole('switch', { name: 'May message me' });
    await allow.waitFor();
    await expect(memory.getByText(/These messages are free\./).isVisible()).resolves.toBe(true);
    await allow.click();
    const pause = memory.getByLabel("When I'm away for");
    await pause.selectOption('4');
    await expect.poll(() => pause.inputValue()).toBe('4');
    await screenshot(page, 'first-messages-setting-1280');

    // Five hours pass (in the database), then the server's schedule writes.
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      await client.query(`update chat_messages set created_at = created_at - interval '5 hours'`);
      await client.query(
        `update conversations set updated_at = updated_at - interval '5 hours', last_read_at = last_read_at - interval '5 hours'`,
      );
    } finally {
      await client.end();
    }
    const bell = page.getByTestId('header').getByRole('button', { name: /Notifications/ });
    await page.reload();
    await expect
      .poll(
        async () => {
          await page.reload();
          await page.getByLabel('Message Juniper Vale').waitFor();
          return page.getByText('wrote first').count();
        },
        { timeout: 60_000, interval: 2_000 },
      )
      .toBe(1);
    await expect(page.getByTestId('message-assistant').last().textContent()).resolves.toContain('The light held all night.');
    await screenshot(page, 'first-messages-message-1280');
    await bell.click();
    await page.getByText('Juniper Vale sent you a message').waitFor();
    await screenshot(page, 'first-messages-bell-1280');
    expectClean(p, 'first messages at 1280 px');
    await p.context.close();

    const m = await pageWithSession(h, auth, MOBILE);
    await m.page.goto(`/chat/${characterId}`);
    await m.page.getByText('wrote first').waitFor({ timeout: 20_000 });
    await screenshot(m.page, 'first-messages-message-390');
    await m.page.getByRole('button', { name: 'Rate Juniper Vale, export or import a chat' }).click();
    await m.page.getByRole('menuitem', { name: 'Memory' }).click();
    const sheet = dialog(m.page, 'Memory');
    await sheet.getByRole('switch', { name: 'May message me' }).scrollIntoViewIfNeeded();
    await screenshot(m.page, 'first-messages-setting-390');
    expectClean(m, 'first messages at 390 px');
    await m.context.close();
  }, 240_000);
});
