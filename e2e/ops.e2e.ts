// Support, notifications, content removal and moderation against the real server (started with ADMIN_EMAILS) and
// Chromium: a user opens a ticket; an admin answers it from the console; the user sees the notification arrive live
// (no reload) and reads the reply; a guest files a content-removal request from a legal page and gets the
// acknowledgement mail; a user reports a character, an admin hides it, and it is gone from the feed and search; a
// user reports a picture from its lightbox (a local Automatic1111-speaking peer made it), an admin hides it from the
// console, and it is gone from the galleries.
// Screenshots of the notification panel, the support thread, the removal form and the console (queue and item) at
// 390, 1024 and 1280 px go to e2e/artifacts/.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { api, type AuthResponse, type GenerateImageResponse } from '@reverie/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSdApiPeer, type SdApiPeer } from '../apps/server/test/sdapi-peer.ts';
import { apiCall, DESKTOP, expectClean, header, pageWithSession, registerReadyUser } from './flows.ts';
import { describeE2E, launchBrowser, newPage, passAgeGate, screenshot, startServer, type Harness } from './harness.ts';

const ADMIN_EMAIL = 'ops-admin@example.com';
const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1024, height: 768 },
  { width: 1280, height: 800 },
];

/** Screenshots of the page as it is now at the three widths (then back to desktop); `top` scrolls up first. */
async function shots(page: Page, name: string, { top = false }: { top?: boolean } = {}) {
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    if (top) await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(150);
    await screenshot(page, `${name}-${size.width}`);
  }
  await page.setViewportSize(DESKTOP);
}

/** The newest outbox mail to `to` whose subject contains `part` (waits up to 10 s). */
async function mailWithSubject(dataDir: string, to: string, part: string): Promise<{ subject: string; text: string }> {
  const dir = path.join(dataDir, 'outbox');
  const deadline = Date.now() + 10_000;
  for (;;) {
    for (const file of (await readdir(dir).catch(() => [] as string[])).sort().reverse()) {
      const mail = JSON.parse(await readFile(path.join(dir, file), 'utf8')) as { to: string; subject: string; text: string };
      if (mail.to === to && mail.subject.includes(part)) return mail;
    }
    if (Date.now() > deadline) throw new Error(`no mail to ${to} about ${part}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describeE2E('support, notifications, removal requests and moderation (real server + Chromium)', () => {
  const h = {} as Harness;
  const suffix = Date.now().toString(36);
  let peer: SdApiPeer;
  let admin: AuthResponse;
  let user: AuthResponse;
  let maker: AuthResponse;
  let characterId: string;
  const characterName = `Velora Nightbloom ${suffix}`;

  beforeAll(async () => {
    peer = await startSdApiPeer({ kind: 'ok', durationMs: 200 });
    h.server = await startServer({ env: { ADMIN_EMAILS: ADMIN_EMAIL, IMAGES_PROVIDER: 'sdapi', IMAGES_URL: peer.url } });
    h.browser = await launchBrowser();
    await registerReadyUser(h, { email: ADMIN_EMAIL, username: `chief_${suffix}`, password: 'console-key-42' });
    // Signing in after verification is what makes a configured address an admin.
    admin = await apiCall(h, api.auth.login, { body: { emailOrUsername: ADMIN_EMAIL, password: 'console-key-42' } });
    expect(admin.user.role).toBe('admin');
    user = await registerReadyUser(h, { email: `riley_${suffix}@example.com`, username: `riley_${suffix}`, password: 'open-a-ticket-7' });
    maker = await registerReadyUser(h, {
      email: `maker_${suffix}@example.com`,
      username: `maker_${suffix}`,
      password: 'make-things-9',
    });
    const character = await apiCall(h, api.characters.create, {
      token: maker.accessToken,
      body: {
        name: characterName,
        tagline: 'A botanist who talks to moonflowers',
        description: 'She tends a glasshouse that only blooms at night.',
        greeting: 'Hello, traveller.',
        tags: ['female', 'fantasy', 'sfw'],
        visibility: 'public',
      },
    });
    characterId = character.id;
  }, 120_000);
  afterAll(async () => {
    await h.browser?.close().catch(() => undefined);
    await h.server?.stop();
    await peer?.close();
  });

  it('a ticket answered from the console; the user sees the notification arrive live and reads the reply', async () => {
    const u = await pageWithSession(h, user, DESKTOP);
    const a = await pageWithSession(h, admin, DESKTOP);
    const subject = `Coins did not arrive ${suffix}`;
    try {
      await u.page.goto('/support');
      const form = u.page.getByRole('form', { name: 'New ticket' });
      await form.getByLabel('Subject').fill(subject);
      await form.getByLabel('Category').selectOption('billing');
      await form.getByLabel('Message').fill('I bought the Pouch an hour ago and my balance did not change.');
      await shots(u.page, 'ops-support-new-ticket', { top: true });
      await form.getByRole('button', { name: 'Open ticket' }).click();
      await u.page.getByRole('heading', { level: 1, name: subject }).waitFor({ timeout: 15_000 });
      const ticketUrl = new URL(u.page.url()).pathname;
      await u.page.goto('/');
      const bell = header(u.page).getByRole('button', { name: /^Notifications/ });
      await bell.waitFor();
      expect(await bell.getAttribute('aria-label')).toBe('Notifications');

      // The console: the ticket is in the queue; the admin answers it.
      await a.page.goto('/admin');
      const row = a.page.getByTestId('queue-item').filter({ hasText: `Ticket: ${subject}` });
      await row.waitFor({ timeout: 15_000 });
      await shots(a.page, 'ops-admin-queue');
      await row.click();
      await a.page.getByRole('heading', { level: 1, name: `Ticket: ${subject}` }).waitFor();
      await a.page.getByLabel('Answer as Reverie Support').fill('We found the payment and added the coins. Sorry for the wait!');
      await a.page.getByRole('button', { name: 'Send answer' }).click();
      await a.page.getByText('Sorry for the wait!').waitFor();

      // Live, without a reload: the bell counts it, the panel shows it, it leads to the thread with the reply.
      await header(u.page).getByRole('button', { name: 'Notifications, 1 unread' }).waitFor({ timeout: 15_000 });
      await bell.click();
      const panel = u.page.getByRole('dialog', { name: 'Notifications' });
      const item = panel.getByRole('link', { name: new RegExp(`Support replied to “${subject}”`) });
      await item.waitFor();
      await shots(u.page, 'ops-notification-panel');
      await item.click();
      await u.page.waitForURL((url) => url.pathname === ticketUrl);
      await u.page.getByText('We found the payment and added the coins. Sorry for the wait!').waitFor();
      expect(await u.page.getByTestId('ticket-message-staff').textContent()).toContain('Reverie Support');
      await header(u.page).getByRole('button', { name: 'Notifications' }).waitFor();
      await shots(u.page, 'ops-support-thread', { top: true });
      expectClean(u, 'the support journey');
      expectClean(a, 'answering from the console');
      // The console loads nothing from other sites.
      expect(a.problems.externalRequests).toEqual([]);
    } finally {
      await u.context.close();
      await a.context.close();
    }
  });

  it('a guest files a content-removal request from a legal page and receives the acknowledgement mail', async () => {
    const g = await newPage(h, DESKTOP);
    try {
      await passAgeGate(g.page);
      await g.page.goto('/legal/dmca-notice');
      await g.page.getByRole('link', { name: 'content-removal request' }).first().click();
      await g.page.getByRole('heading', { level: 1, name: 'Request content removal' }).waitFor();
      const form = g.page.getByRole('form', { name: 'Content-removal request' });
      await form.getByLabel('Address of the content').fill(`${h.server.url}/characters/${characterId}`);
      await form.getByLabel(/Likeness of a real person/).check();
      await form.getByLabel('Your e-mail address').fill('guest-rights@example.com');
      await form.getByLabel('What should be removed, and why').fill('This character uses my name and my photos without my consent.');
      await g.page.locator(':focus').blur();
      await shots(g.page, 'ops-removal-form', { top: true });
      await form.getByRole('button', { name: 'Send request' }).click();
      const status = g.page.getByRole('status', { name: 'Request received' });
      await status.waitFor({ timeout: 15_000 });
      const reference = (await status.locator('.font-mono').textContent())!.trim();
      expect(reference).toMatch(/^CR-[A-Z2-9]{8}$/);
      await screenshot(g.page, 'ops-removal-received-1280');
      const mail = await mailWithSubject(h.server.dataDir, 'guest-rights@example.com', reference);
      expect(mail.subject).toBe(`Reverie: we received your removal request ${reference}`);
      expect(mail.text).toContain('Likeness of a real person');
      expectClean(g, 'the content-removal request');
    } finally {
      await g.context.close();
    }
  });

  it('a user reports a character; an admin hides it from the console; it is gone from the feed and search', async () => {
    const u = await pageWithSession(h, user, DESKTOP);
    const a = await pageWithSession(h, admin, DESKTOP);
    const card = (p: Page) => p.getByTestId('character-card').filter({ hasText: characterName });
    try {
      await u.page.goto('/');
      await card(u.page).waitFor({ timeout: 15_000 });
      await u.page.goto(`/search?q=${encodeURIComponent('Velora Nightbloom')}`);
      await card(u.page).waitFor({ timeout: 15_000 });

      await u.page.goto(`/characters/${characterId}`);
      await u.page.getByRole('button', { name: `Report ${characterName}` }).click();
      await u.page.getByRole('menuitem', { name: 'Report to moderators' }).click();
      const dialog = u.page.getByRole('dialog', { name: `Report ${characterName}` });
      await dialog.getByLabel('Depicts a real person').check();
      await dialog.getByLabel(/Anything the moderators should know/).fill('This is a real botanist from my town.');
      await dialog.getByRole('button', { name: 'Send report' }).click();
      const sent = u.page.getByRole('dialog', { name: 'Report sent' });
      await sent.getByText(/Moderators will review your report/).waitFor();
      await sent.getByRole('button', { name: 'Close' }).first().click();

      await a.page.goto('/admin?kind=report');
      await a.page.getByTestId('queue-item').filter({ hasText: characterName }).first().click();
      await a.page.getByRole('heading', { level: 1, name: new RegExp(characterName) }).waitFor();
      await a.page.getByText('This is a real botanist from my town.').waitFor();
      await shots(a.page, 'ops-admin-item', { top: true });
      await a.page.getByLabel('Reason').fill('Depicts a real person without consent');
      await a.page.getByRole('button', { name: 'Hide', exact: true }).click();
      await a.page.getByText(`${characterName} is hidden.`).first().waitFor();
      await a.page.getByText('Hidden by moderators.').waitFor();
      expect(a.problems.externalRequests).toEqual([]);

      // (An open notification stream means the network is never idle: wait for the answers themselves.)
      const feed = u.page.waitForResponse((r) => new URL(r.url()).pathname === '/api/characters' && r.ok());
      await u.page.goto('/');
      expect(((await (await feed).json()) as { items: Array<{ id: string }> }).items.map((i) => i.id)).not.toContain(characterId);
      await u.page.waitForTimeout(300);
      expect(await card(u.page).count()).toBe(0);
      const search = u.page.waitForResponse((r) => new URL(r.url()).pathname === '/api/search' && r.ok());
      await u.page.goto(`/search?q=${encodeURIComponent('Velora Nightbloom')}`);
      expect(((await (await search).json()) as { characters: { total: number } }).characters.total).toBe(0);
      await u.page.waitForTimeout(300);
      expect(await card(u.page).count()).toBe(0);
      await u.page.goto(`/characters/${characterId}`);
      await u.page.getByRole('heading', { name: "This character doesn't exist" }).waitFor();
      expectClean(a, 'hiding from the console');

      // Its creator may still edit it, but the creator keeps it private until moderators restore it.
      const m = await pageWithSession(h, maker, DESKTOP);
      try {
        await m.page.goto(`/create-character?edit=${characterId}`);
        await m.page.getByRole('button', { name: 'Step 5 Publish: Visibility and review' }).click({ timeout: 15_000 });
        const visibility = m.page.getByRole('radiogroup', { name: 'Visibility' });
        await m.page.getByRole('note').getByText('Hidden by moderators.').waitFor();
        expect(await visibility.getByRole('radio', { name: /Public/ }).isDisabled()).toBe(true);
        expect(await visibility.getByRole('radio', { name: /Private/ }).getAttribute('aria-checked')).toBe('true');
        await shots(m.page, 'ops-creator-held');
        expectClean(m, 'the creator of a hidden character');
      } finally {
        await m.context.close();
      }
    } finally {
      await u.context.close();
      await a.context.close();
    }
    // Three people's pages and a dozen navigations: 60 s was not enough once in CI at load 8-10.
  }, 180_000);

  it('a user reports a picture from its lightbox; an admin hides it from the console; it is gone from the galleries', async () => {
    // The maker's public picture (its first of the month is free).
    const prompt = `Moonflowers in a glass dome ${suffix}`;
    const made = (await apiCall(h, api.images.generate, {
      token: maker.accessToken,
      body: { prompt, visibility: 'public' },
    })) as GenerateImageResponse;
    await expect
      .poll(async () => (await apiCall(h, api.images.job, { token: maker.accessToken, params: { id: made.job.id } })).job.status, {
        timeout: 20_000,
      })
      .toBe('done');
    const imageId = made.images[0]!.id;
    const u = await pageWithSession(h, user, DESKTOP);
    const a = await pageWithSession(h, admin, DESKTOP);
    const tile = (p: Page) => p.getByRole('button', { name: `Open picture: ${prompt}` });
    try {
      await u.page.goto('/all-user-images');
      await tile(u.page).click({ timeout: 15_000 });
      const box = u.page.getByRole('dialog', { name: 'Picture' });
      await box.getByText(prompt).first().waitFor();
      await box.getByRole('button', { name: `Report picture by @maker_${suffix}` }).click();
      await shots(u.page, 'ops-image-report-menu');
      await u.page.getByRole('menuitem', { name: 'Report to moderators' }).click();
      const dialog = u.page.getByRole('dialog', { name: `Report picture by @maker_${suffix}` });
      await dialog.getByLabel('Non-consensual content').check();
      await dialog.getByRole('button', { name: 'Send report' }).click();
      const sent = u.page.getByRole('dialog', { name: 'Report sent' });
      await sent.getByText(/Moderators will review your report/).waitFor();
      await sent.getByRole('button', { name: 'Close' }).first().click();

      await a.page.goto('/admin?kind=report');
      await a.page
        .getByTestId('queue-item')
        .filter({ hasText: `a picture by @maker_${suffix}` })
        .first()
        .click();
      await a.page.getByRole('heading', { level: 1, name: /a picture by @maker_/ }).waitFor();
      const picture = a.page.getByRole('img', { name: /^The reported picture/ });
      await picture.waitFor();
      await expect.poll(() => picture.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
      // What the reporter saw, and the picture's own prompt.
      await expect.poll(() => a.page.getByText(`Prompt: ${prompt}`).count()).toBe(2);
      await shots(a.page, 'ops-admin-image-item', { top: true });
      await a.page.getByLabel('Reason').fill('Non-consensual imagery');
      await a.page.getByRole('button', { name: 'Hide', exact: true }).click();
      await a.page.getByText(`A picture by @maker_${suffix} is hidden.`).first().waitFor();
      await a.page.getByText('Hidden by moderators.').waitFor();
      expect(a.problems.externalRequests).toEqual([]);

      const list = u.page.waitForResponse((r) => new URL(r.url()).pathname === '/api/images' && r.ok());
      await u.page.goto('/all-user-images');
      expect(((await (await list).json()) as { items: Array<{ id: string }> }).items.map((i) => i.id)).not.toContain(imageId);
      await u.page.waitForTimeout(300);
      expect(await tile(u.page).count()).toBe(0);
      expectClean(u, 'reporting a picture');
      expectClean(a, 'hiding a picture from the console');

      // Its owner still has it, private, says why, and cannot share it again.
      const m = await pageWithSession(h, maker, DESKTOP);
      try {
        await m.page.goto('/user-gallery');
        await tile(m.page).click({ timeout: 15_000 });
        const own = m.page.getByRole('dialog', { name: 'Picture' });
        await own.getByRole('note').getByText('Hidden by moderators.').waitFor();
        expect(await own.getByRole('button', { name: 'Share' }).count()).toBe(0);
        await shots(m.page, 'ops-image-held-owner');
        expectClean(m, 'the owner of a hidden picture');
      } finally {
        await m.context.close();
      }
    } finally {
      await u.context.close();
      await a.context.close();
    }
  });
});
