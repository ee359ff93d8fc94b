// Account data in Settings (issue #28): "Download my data" prepares a zip in the background and downloads it;
// "Delete my account" schedules the deletion, sign-in is then refused with the undo route, and the mailed link keeps
// the account (real server + Chromium, at 1280 and 390 px).
import { readFile } from 'node:fs/promises';
import { unzipSync } from 'fflate';
import { expect, it, beforeAll } from 'vitest';
import { api } from '@reverie/shared';
import {
  apiCall,
  DESKTOP,
  dialog,
  expectClean,
  header,
  MOBILE,
  newestMailLink,
  onServer,
  outboxFiles,
  pageWithSession,
  registerReadyUser,
  signInWithDialog,
} from './flows.ts';
import { describeE2E, screenshot, useHarness } from './harness.ts';

describeE2E('account data: export and deletion (real server + Chromium)', () => {
  const h = useHarness();
  const suffix = Date.now().toString(36);
  const email = `keeper_${suffix}@example.com`;
  const username = `keeper_${suffix}`;
  const password = 'keep-my-data-9';
  let auth: Awaited<ReturnType<typeof registerReadyUser>>;

  beforeAll(async () => {
    auth = await registerReadyUser(h, { email, username, password });
    await apiCall(h, api.characters.create, {
      body: {
        name: 'Lantern Keeper',
        tagline: 'Keeps the light',
        description: 'A keeper of an old lighthouse.',
        greeting: 'The lamp is lit.',
        tags: ['female', 'fantasy', 'sfw'],
        visibility: 'public',
      },
      token: auth.accessToken,
    });
  });

  it('prepares the data export in the background and downloads the zip', async () => {
    const p = await pageWithSession(h, auth, DESKTOP);
    const { page } = p;
    try {
      await page.goto('/settings');
      const section = page.getByRole('region', { name: 'Your data' });
      await section.getByText('You have not downloaded your data yet.').waitFor({ timeout: 15_000 });
      await section.scrollIntoViewIfNeeded();
      await screenshot(page, 'account-data-section-empty-1280');

      await section.getByRole('button', { name: 'Download my data' }).click();
      await section.getByText('Your data is ready').waitFor({ timeout: 30_000 });
      await section.scrollIntoViewIfNeeded();
      await screenshot(page, 'account-data-section-ready-1280');
      // The notification arrived too.
      const inbox = await apiCall(h, api.notifications.list, { token: auth.accessToken });
      expect(inbox.items.map((n) => n.title)).toContain('Your data export is ready');

      const download = page.waitForEvent('download');
      await section.getByRole('button', { name: 'Download zip' }).click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/^reverie-data-\d{4}-\d{2}-\d{2}\.zip$/);
      const files = unzipSync(await readFile(await file.path()));
      const profile = JSON.parse(Buffer.from(files['profile.json']!).toString('utf8')) as { username: string; email: string };
      expect(profile).toMatchObject({ username, email });
      expect(Object.keys(files).filter((f) => /^characters\/lantern.keeper.*\.charx$/i.test(f))).toHaveLength(1);
      expect(Object.keys(files)).toEqual(expect.arrayContaining(['pictures.json', 'coin-ledger.json', 'invoices.json']));
      expectClean(p, 'the data export');
    } finally {
      await p.context.close();
    }
  });

  it('shows the section and the delete dialog at 390 px', async () => {
    const p = await pageWithSession(h, auth, MOBILE);
    const { page } = p;
    try {
      await page.goto('/settings');
      const section = page.getByRole('region', { name: 'Your data' });
      await section.getByText('Your data is ready').waitFor({ timeout: 15_000 });
      await section.scrollIntoViewIfNeeded();
      await screenshot(page, 'account-data-section-390');
      await page.getByRole('region', { name: 'Delete account' }).getByRole('button', { name: 'Delete my account' }).click();
      const del = dialog(page, 'Delete your account?');
      await del.waitFor({ timeout: 10_000 });
      await screenshot(page, 'account-delete-dialog-390');
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await del.getByRole('button', { name: 'Cancel' }).click();
      await del.waitFor({ state: 'hidden' });
      await page.goto('/keep-account?token=not-a-real-token-but-long-enough');
      await page.getByRole('button', { name: 'Keep my account' }).waitFor({ timeout: 10_000 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await screenshot(page, 'account-keep-page-390');
      expectClean(p, 'the settings section at 390 px');
    } finally {
      await p.context.close();
    }
  });

  it('deletes the account: signed out, sign-in refused with the undo route, and the mailed link keeps it', async () => {
    const p = await pageWithSession(h, auth, DESKTOP);
    const { page } = p;
    try {
      await page.goto('/settings');
      const seen = await outboxFiles(h.server.dataDir);
      await page.getByRole('region', { name: 'Delete account' }).getByRole('button', { name: 'Delete my account' }).click();
      const del = dialog(page, 'Delete your account?');
      await del.waitFor({ timeout: 10_000 });
      await del.getByRole('radio', { name: /Keep them, without my name/ }).check();
      await del.getByLabel('Password').fill('not-the-password');
      await del.getByRole('button', { name: 'Delete my account' }).click();
      await del.getByRole('alert').filter({ hasText: 'Current password is incorrect' }).waitFor({ timeout: 10_000 });
      await del.getByLabel('Password').fill(password);
      await screenshot(page, 'account-delete-dialog-1280');
      await del.getByRole('button', { name: 'Delete my account' }).click();

      await page.waitForURL(/\/keep-account\?due=/, { timeout: 15_000 });
      await page.getByRole('heading', { name: 'Your account is scheduled for deletion' }).waitFor({ timeout: 10_000 });
      await header(page).getByRole('button', { name: 'Sign In', exact: true }).waitFor({ timeout: 10_000 });
      await screenshot(page, 'account-delete-scheduled-1280');

      // Signing in is refused, with the date and the undo route.
      await header(page).getByRole('button', { name: 'Sign In', exact: true }).click();
      const signIn = await signInWithDialog(page, email, password);
      await signIn.getByText(/scheduled for deletion on .*\/keep-account/).waitFor({ timeout: 10_000 });
      await screenshot(page, 'account-delete-sign-in-refused-1280');
      await page.keyboard.press('Escape');

      // The mailed link keeps the account.
      await page.goto(onServer(h, await newestMailLink(h.server.dataDir, email, '/keep-account', seen)));
      await page.getByRole('button', { name: 'Keep my account' }).click({ timeout: 15_000 });
      await page.getByRole('heading', { name: 'Your account is kept' }).waitFor({ timeout: 10_000 });
      await screenshot(page, 'account-kept-1280');
      const again = await apiCall(h, api.auth.login, { body: { emailOrUsername: email, password } });
      expect(again.user.username).toBe(username);
      expect(p.problemList().filter((m) => !m.includes('status of 4'))).toEqual([]);
    } finally {
      await p.context.close();
    }
  });
});
