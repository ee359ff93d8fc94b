// Account management against the real server and Chromium: avatar upload/removal, profile bio and the public
// profile page, password change, the forgot-password e-mail flow, and the auth dialogs on a phone.
// One user is created and verified through the HTTP API in beforeAll; every behaviour under test is driven
// through the UI.
import type { Locator } from 'playwright-core';
import sharp from 'sharp';
import { api } from '@reverie/shared';
import { beforeAll, expect, it } from 'vitest';
import {
  accountMenu,
  apiCall,
  DESKTOP,
  dialog,
  expectClean,
  header,
  MOBILE,
  newestMailLink,
  onServer,
  outboxFiles,
  signedInPage,
  signInWithDialog,
  signOutFromMenu,
  registerReadyUser,
} from './flows.ts';
import { describeE2E, newPage, passAgeGate, screenshot, useHarness } from './harness.ts';
const MISSING_USER_ID = '00000000-0000-4000-8000-000000000000';
const ROUTE_ERROR = 'Something went wrong while loading the page.';

/** src and naturalWidth of the <img> inside `scope` (null when the avatar shows initials). */
async function avatarImage(scope: Locator): Promise<{ src: string; naturalWidth: number } | null> {
  const img = scope.locator('img').first();
  if ((await img.count()) === 0) return null;
  return img.evaluate((el: HTMLImageElement) => ({ src: el.getAttribute('src') ?? '', naturalWidth: el.complete ? el.naturalWidth : 0 }));
}

/** Waits until the avatar in `scope` shows a loaded /media/…webp image. */
async function expectLoadedWebp(scope: Locator, what: string): Promise<string> {
  const deadline = Date.now() + 10_000;
  let last: Awaited<ReturnType<typeof avatarImage>> = null;
  while (Date.now() < deadline) {
    last = await avatarImage(scope);
    if (last && /\/media\/.+\.webp$/.test(last.src) && last.naturalWidth > 0) return last.src;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what}: expected a loaded /media/…webp avatar, got ${JSON.stringify(last)}`);
}

/**
 * Waits until the avatar in `scope` shows the initials for `username`: the picture our server makes
 * (/api/avatars/initials, drawn locally when the avatar service cannot be reached) or, if that fails, local text.
 */
async function expectInitials(scope: Locator, username: string, what: string) {
  const deadline = Date.now() + 10_000;
  let last: Awaited<ReturnType<typeof avatarImage>> = null;
  while (Date.now() < deadline) {
    last = await avatarImage(scope);
    if (last && last.src.includes('/api/avatars/initials?') && last.naturalWidth > 0) return;
    const text = scope.getByRole('img', { name: username, exact: true }).filter({ hasText: username.slice(0, 2).toUpperCase() });
    if (!last && (await text.count()) > 0) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what}: expected the initials, got ${JSON.stringify(last)}`);
}

describeE2E('account management (real server + Chromium)', () => {
  const h = useHarness();
  const suffix = Date.now().toString(36);
  const username = `nova_${suffix}`;
  const email = `nova_${suffix}@example.com`;
  let password = 'stardust-42';
  let userId = '';

  beforeAll(async () => {
    // Onboarding is covered by auth.e2e.ts; here it would only cover the pages under test.
    userId = (await registerReadyUser(h, { email, username, password })).user.id;
  });

  it('avatar: upload a PNG, a refused non-image keeps the avatar, remove brings back the initials', async () => {
    const p = await signedInPage(h, email, password);
    const { page } = p;
    try {
      await page.goto('/settings');
      const card = page.getByRole('region', { name: 'Avatar' });
      await card.waitFor({ state: 'visible', timeout: 15_000 });
      await expectInitials(card, username, 'settings card before any upload');
      await expectInitials(accountMenu(page), username, 'header before any upload');

      const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 240, g: 90, b: 140 } } })
        .png()
        .toBuffer();
      const fileInput = card.getByLabel('Choose an avatar image');
      await fileInput.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
      await card.getByText('Preview', { exact: true }).waitFor({ state: 'visible' });
      await card.getByRole('button', { name: 'Save avatar' }).click();
      await page.getByText('Avatar updated', { exact: true }).first().waitFor({ state: 'visible', timeout: 10_000 });
      const cardSrc = await expectLoadedWebp(card, 'settings card after upload');
      const headerSrc = await expectLoadedWebp(accountMenu(page), 'header menu trigger after upload');
      expect(headerSrc).toBe(cardSrc);
      await card.getByRole('button', { name: 'Remove' }).waitFor({ state: 'visible' });
      await screenshot(page, 'account-settings-avatar');

      // A text file dressed up as a PNG: the server refuses it, the saved avatar stays.
      await fileInput.setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('just some text, not an image\n') });
      await card.getByRole('button', { name: 'Save avatar' }).click();
      const failure = card.getByRole('alert').filter({ hasText: /^Upload failed: .+/ });
      await failure.waitFor({ state: 'visible', timeout: 10_000 });
      expect(await failure.innerText()).not.toMatch(/^Upload failed: Upload failed/);
      // The refused file is dropped: the saved avatar is shown again, next to the message.
      expect(await expectLoadedWebp(card, 'settings card after the refused upload')).toBe(cardSrc);
      expect(await expectLoadedWebp(accountMenu(page), 'header after the refused upload')).toBe(cardSrc);
      expect(await card.getByRole('button', { name: 'Save avatar' }).count()).toBe(0);
      await screenshot(page, 'account-settings-avatar-error');
      // Still saved on the server, too.
      await page.reload();
      expect(await expectLoadedWebp(page.getByRole('region', { name: 'Avatar' }), 'settings card after reload')).toBe(cardSrc);

      await card.getByRole('button', { name: 'Remove' }).click();
      await page.getByText('Avatar removed', { exact: true }).first().waitFor({ state: 'visible', timeout: 10_000 });
      await expectInitials(card, username, 'settings card after removal');
      await expectInitials(accountMenu(page), username, 'header after removal');
      await card.getByRole('button', { name: 'Upload avatar' }).waitFor({ state: 'visible' });
      // The refused upload answered 4xx; anything else would be a page bug.
      expectClean(p, 'the avatar journey');
    } finally {
      await p.context.close();
    }
  });

  it('profile: the bio is saved, persists and shows on the public profile; unknown ids get a not-found state', async () => {
    const p = await signedInPage(h, email, password);
    const { page } = p;
    const bio = `Stargazer and night owl.\nLikes long chats about the cosmos (${suffix}).`;
    try {
      await page.goto('/settings');
      const account = page.getByRole('region', { name: 'Account', exact: true });
      await account.waitFor({ state: 'visible', timeout: 15_000 });
      const save = account.getByRole('button', { name: 'Save changes' });
      expect(await save.isDisabled()).toBe(true);
      await account.getByLabel('Bio').fill(bio);
      await save.click();
      await page.getByText('Profile updated', { exact: true }).first().waitFor({ state: 'visible', timeout: 10_000 });
      await page.getByText('Your changes have been saved.').first().waitFor({ state: 'visible' });

      await page.reload();
      await account.waitFor({ state: 'visible', timeout: 15_000 });
      expect(await account.getByLabel('Bio').inputValue()).toBe(bio);
      expect(await account.getByRole('button', { name: 'Save changes' }).isDisabled()).toBe(true);

      await page.goto(`/user-profile/${userId}`);
      await page.getByRole('heading', { name: username, level: 1 }).waitFor({ state: 'visible', timeout: 15_000 });
      await page.getByText('Stargazer and night owl.', { exact: false }).waitFor({ state: 'visible' });
      expect(await page.locator('main').innerText()).toContain(`Likes long chats about the cosmos (${suffix}).`);
      const edit = page.getByRole('link', { name: 'Edit profile' });
      expect(await edit.isVisible()).toBe(true);
      await screenshot(page, 'account-public-profile');
      // Edit again without a page load: the profile must not show the copy it fetched before.
      await edit.click();
      await page.getByRole('heading', { name: 'Account settings' }).waitFor({ state: 'visible', timeout: 10_000 });
      const bio2 = `Now mapping nebulae (${suffix}).`;
      await account.getByLabel('Bio').fill(bio2);
      await account.getByRole('button', { name: 'Save changes' }).click();
      await account.getByRole('button', { name: 'Save changes' }).and(page.locator(':disabled')).waitFor({ timeout: 10_000 });
      await accountMenu(page).click();
      await page.getByRole('menuitem', { name: 'Profile' }).click();
      await page.getByRole('heading', { name: username, level: 1 }).waitFor({ state: 'visible', timeout: 10_000 });
      await page.getByText(bio2).waitFor({ state: 'visible', timeout: 5_000 });
      expect(await page.getByText('Stargazer and night owl.').count()).toBe(0);

      await page.goto(`/user-profile/${MISSING_USER_ID}`);
      await page.getByText('User not found', { exact: true }).waitFor({ state: 'visible', timeout: 15_000 });
      expect(await page.getByText(ROUTE_ERROR).count()).toBe(0);
      expect(await page.getByRole('link', { name: 'Discover characters' }).isVisible()).toBe(true);
      await screenshot(page, 'account-profile-not-found');
      // The missing profile answered 404, which is the expected HTTP answer.
      expectClean(p, 'the profile journey');
    } finally {
      await p.context.close();
    }
  });

  it('password change: a wrong current password is refused, the new password works and the old one does not', async () => {
    const p = await signedInPage(h, email, password);
    const { page } = p;
    const next = 'comet-tail-77';
    try {
      await page.goto('/settings');
      const card = page.getByRole('region', { name: 'Password' });
      await card.waitFor({ state: 'visible', timeout: 15_000 });
      await card.getByLabel('Current password').fill('not-my-password');
      await card.getByLabel('New password', { exact: true }).fill(next);
      await card.getByLabel('Confirm new password').fill(next);
      await card.getByRole('button', { name: 'Change password' }).click();
      await card.getByRole('alert').filter({ hasText: 'Current password is incorrect' }).waitFor({ state: 'visible', timeout: 10_000 });

      await card.getByLabel('Current password').fill(password);
      await card.getByRole('button', { name: 'Change password' }).click();
      await page.getByText('Password changed', { exact: true }).first().waitFor({ state: 'visible', timeout: 10_000 });
      expect(await card.getByRole('alert').count()).toBe(0);
      expect(await card.getByLabel('Current password').inputValue()).toBe('');
      const old = password;
      password = next;
      // This session was kept.
      await page.reload();
      await accountMenu(page).waitFor({ state: 'visible', timeout: 15_000 });

      await signOutFromMenu(page);
      await header(page).getByRole('button', { name: 'Sign In', exact: true }).click();
      const signIn = await signInWithDialog(page, email, old);
      await signIn.getByRole('alert').waitFor({ state: 'visible', timeout: 10_000 });
      expect(await page.evaluate(() => localStorage.getItem('rv_access_token'))).toBeNull();

      await signIn.getByLabel('Password', { exact: true }).fill(password);
      await signIn.getByRole('button', { name: 'Sign In', exact: true }).click();
      await signIn.waitFor({ state: 'detached', timeout: 10_000 });
      await header(page)
        .getByRole('button', { name: `Account menu for ${username}` })
        .waitFor({ state: 'visible', timeout: 10_000 });
      // The refused sign-in answered 401, an HTTP answer rather than a page bug.
      expectClean(p, 'the password-change journey');
    } finally {
      await p.context.close();
    }
  });

  it('forgot password: request a link from the sign-in dialog, reset from the e-mail, sign in with the new password', async () => {
    const p = await newPage(h, DESKTOP);
    const { page } = p;
    const next = 'aurora-borealis-9';
    try {
      await passAgeGate(page);
      await page.goto('/');
      await header(page).getByRole('button', { name: 'Sign In', exact: true }).click({ timeout: 15_000 });
      const signIn = dialog(page, 'Sign in to Reverie');
      await signIn.waitFor({ state: 'visible', timeout: 10_000 });
      await signIn.getByRole('button', { name: 'Forgot password?' }).click();
      const forgot = dialog(page, 'Reset your password');
      await forgot.waitFor({ state: 'visible', timeout: 10_000 });
      const seen = await outboxFiles(h.server.dataDir);
      await forgot.getByLabel('Email').fill(email);
      await forgot.getByRole('button', { name: 'Send reset link' }).click();
      await forgot
        .getByRole('status')
        .filter({ hasText: /reset link is on its way|sent a link/ })
        .waitFor({ state: 'visible', timeout: 10_000 });
      await screenshot(page, 'account-forgot-password-sent');
      await forgot.getByRole('button', { name: 'Close' }).click();
      await forgot.waitFor({ state: 'detached', timeout: 10_000 });

      const link = await newestMailLink(h.server.dataDir, email, '/settings?resetToken=', seen);
      await page.goto(onServer(h, link));
      const form = page.getByRole('form', { name: 'Choose a new password' });
      await form.waitFor({ state: 'visible', timeout: 15_000 });
      await form.getByLabel('New password', { exact: true }).fill(next);
      await form.getByLabel('Confirm new password').fill(`${next}-typo`);
      await form.getByRole('button', { name: 'Reset password' }).click();
      await form.getByRole('alert').filter({ hasText: 'Passwords do not match' }).waitFor({ state: 'visible' });
      await screenshot(page, 'account-reset-form');

      await form.getByLabel('Confirm new password').fill(next);
      await form.getByRole('button', { name: 'Reset password' }).click();
      await page.getByRole('heading', { name: 'Password updated' }).waitFor({ state: 'visible', timeout: 10_000 });
      password = next;
      await page.locator('main').getByRole('button', { name: 'Sign In', exact: true }).click();
      const again = await signInWithDialog(page, email, password);
      await again.waitFor({ state: 'detached', timeout: 10_000 });
      await header(page)
        .getByRole('button', { name: `Account menu for ${username}` })
        .waitFor({ state: 'visible', timeout: 10_000 });
      // Signed in on the reset link's page: the settings show, not the reset form.
      await page.getByRole('heading', { name: 'Account settings' }).waitFor({ state: 'visible', timeout: 10_000 });
      expect(await page.getByRole('form', { name: 'Choose a new password' }).count()).toBe(0);
      expectClean(p, 'the forgot-password journey');
    } finally {
      await p.context.close();
    }
  });

  it('mobile 390×844: the sign-up and sign-in dialogs fit the screen and their buttons can be reached', async () => {
    const p = await newPage(h, MOBILE);
    const { page } = p;
    const noHorizontalScroll = () => page.evaluate(() => document.documentElement.scrollWidth);
    async function expectFits(box: Locator, button: Locator, what: string) {
      expect(await noHorizontalScroll(), `${what}: horizontal scroll`).toBeLessThanOrEqual(MOBILE.width);
      const rect = await box.boundingBox();
      expect(rect, `${what}: dialog box`).not.toBeNull();
      expect(rect!.x, `${what}: left edge`).toBeGreaterThanOrEqual(0);
      expect(rect!.x + rect!.width, `${what}: right edge`).toBeLessThanOrEqual(MOBILE.width);
      expect(rect!.y, `${what}: top edge`).toBeGreaterThanOrEqual(0);
      expect(rect!.y + rect!.height, `${what}: bottom edge`).toBeLessThanOrEqual(MOBILE.height);
      await button.scrollIntoViewIfNeeded();
      const b = await button.boundingBox();
      expect(b, `${what}: primary button`).not.toBeNull();
      expect(b!.y >= 0 && b!.y + b!.height <= MOBILE.height, `${what}: primary button within the viewport after scrolling`).toBe(true);
      expect(b!.x >= 0 && b!.x + b!.width <= MOBILE.width, `${what}: primary button not cut off sideways`).toBe(true);
    }
    try {
      await passAgeGate(page);
      await page.goto('/');
      await header(page).getByRole('button', { name: 'Sign Up', exact: true }).click({ timeout: 15_000 });
      const signUp = dialog(page, 'Create Your Account');
      await signUp.waitFor({ state: 'visible', timeout: 10_000 });
      await screenshot(page, 'account-mobile-sign-up');
      await expectFits(signUp, signUp.getByRole('button', { name: 'Create Account' }), 'sign-up dialog');

      await signUp.getByRole('button', { name: 'Already have an account? Sign in' }).scrollIntoViewIfNeeded();
      await signUp.getByRole('button', { name: 'Already have an account? Sign in' }).click();
      const signIn = dialog(page, 'Sign in to Reverie');
      await signIn.waitFor({ state: 'visible', timeout: 10_000 });
      await screenshot(page, 'account-mobile-sign-in');
      await expectFits(signIn, signIn.getByRole('button', { name: 'Sign In', exact: true }), 'sign-in dialog');
      expect(await signIn.getByRole('button', { name: 'Forgot password?' }).isVisible()).toBe(true);
      expectClean(p, 'the mobile dialogs');
    } finally {
      await p.context.close();
    }
  });

  // Last: undoing the change signs every session of this account out.
  it('username change: asks for the current password; the undo link mailed to the address restores the old name', async () => {
    const p = await signedInPage(h, email, password);
    const { page } = p;
    const renamed = `${username}_x`;
    try {
      const seen = await outboxFiles(h.server.dataDir);
      await page.goto('/settings');
      const account = page.getByRole('region', { name: 'Account', exact: true });
      await account.waitFor({ state: 'visible', timeout: 15_000 });
      await account.getByLabel('Username').fill(renamed);
      await account.getByRole('button', { name: 'Save changes' }).click();
      await account
        .getByRole('alert')
        .filter({ hasText: 'Enter your current password to change your e-mail address or username.' })
        .waitFor({ state: 'visible', timeout: 10_000 });
      await account.getByLabel('Current password').fill(password);
      await screenshot(page, 'account-username-reauth');
      await account.getByRole('button', { name: 'Save changes' }).click();
      await page.getByText('Profile updated', { exact: true }).first().waitFor({ state: 'visible', timeout: 10_000 });
      await header(page)
        .getByRole('button', { name: `Account menu for ${renamed}` })
        .waitFor({ state: 'visible', timeout: 10_000 });

      await page.goto(onServer(h, await newestMailLink(h.server.dataDir, email, '/restore-account', seen)));
      await page.getByRole('button', { name: 'Undo the change' }).click({ timeout: 15_000 });
      await page.getByRole('heading', { name: 'Your account is restored' }).waitFor({ state: 'visible', timeout: 10_000 });
      await header(page).getByRole('button', { name: 'Sign In', exact: true }).waitFor({ state: 'visible', timeout: 10_000 });
      const again = await apiCall(h, api.auth.login, { body: { emailOrUsername: email, password } });
      expect(again.user.username).toBe(username);
      expectClean(p, 'the username change and its undo');
    } finally {
      await p.context.close();
    }
  });
});
