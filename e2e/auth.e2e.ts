// The account life cycle against the real server and Chromium: sign up, sign out, sign-in refused until the
// e-mail is verified, the verification link from the outbox, sign in, first-time onboarding, sign out.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeE2E, newPage, passAgeGate, screenshot, useHarness, type E2EPage } from './harness.ts';

const DESKTOP = { width: 1280, height: 800 };
const VERIFY_MESSAGE = 'Please verify your email address before signing in.';

interface OutboxMail {
  to: string;
  subject: string;
  links?: string[];
}

/** The newest outbox message to `to` that carries a link containing `linkPart`, waiting up to 10 s. */
async function newestMailLink(dataDir: string, to: string, linkPart: string): Promise<string> {
  const dir = path.join(dataDir, 'outbox');
  const deadline = Date.now() + 10_000;
  for (;;) {
    const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.json')).sort().reverse();
    for (const file of files) {
      const mail = JSON.parse(await readFile(path.join(dir, file), 'utf8')) as OutboxMail;
      const link = mail.to === to ? mail.links?.find((l) => l.includes(linkPart)) : undefined;
      if (link) return link;
    }
    if (Date.now() > deadline) throw new Error(`no mail to ${to} with a ${linkPart} link in ${dir}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const header = (page: Page) => page.getByTestId('header');
const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });

async function signInWithDialog(page: Page, username: string, password: string) {
  const signIn = dialog(page, 'Sign in to Reverie');
  await signIn.waitFor({ state: 'visible', timeout: 10_000 });
  await signIn.getByLabel('Email or Username').fill(username);
  await signIn.getByLabel('Password', { exact: true }).fill(password);
  await signIn.getByRole('button', { name: 'Sign In', exact: true }).click();
  return signIn;
}

async function signOutFromMenu(page: Page) {
  await header(page).getByRole('button', { name: /Account menu for/ }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await header(page).getByRole('button', { name: 'Sign In', exact: true }).waitFor({ state: 'visible', timeout: 10_000 });
}

function expectClean(p: E2EPage, what: string) {
  expect(p.problemList(), `console/page errors during ${what}`).toEqual([]);
}

describeE2E('account life cycle (real server + Chromium)', () => {
  const h = useHarness();

  it('sign up → sign out → verify e-mail → sign in → onboarding → sign out', async () => {
    const p = await newPage(h, DESKTOP);
    const { page } = p;
    const suffix = Date.now().toString(36);
    const username = `luna_${suffix}`;
    const email = `luna_${suffix}@example.com`;
    const password = 'moonlight-42';
    try {
      await page.goto('/');
      await page.getByRole('button', { name: 'Yes, I am 18 or older' }).click({ timeout: 10_000 });
      await header(page).waitFor({ state: 'visible', timeout: 10_000 });

      // Sign up in the dialog: created and signed in at once.
      await header(page).getByRole('button', { name: 'Sign Up', exact: true }).click();
      const signUp = dialog(page, 'Create Your Account');
      await signUp.waitFor({ state: 'visible', timeout: 10_000 });
      await screenshot(page, 'auth-sign-up-dialog');
      await signUp.getByLabel('Email').fill(email);
      await signUp.getByLabel('Username').fill(username);
      await signUp.getByLabel('Password', { exact: true }).fill(password);
      await signUp.getByLabel('Confirm Password').fill(password);
      await signUp.getByRole('button', { name: 'Create Account' }).click();
      await page.getByText('Account Created Successfully!', { exact: true }).waitFor({ state: 'visible', timeout: 10_000 });
      await signUp.waitFor({ state: 'detached', timeout: 10_000 });
      expect(await page.evaluate(() => Boolean(localStorage.getItem('rv_access_token')))).toBe(true);

      // A new account has not chosen its tags yet: the setup dialog offers a way out before anything else.
      const welcome = dialog(page, 'Welcome Aboard');
      await welcome.waitFor({ state: 'visible', timeout: 10_000 });
      await welcome.getByRole('button', { name: 'Sign out' }).click();
      await welcome.waitFor({ state: 'detached', timeout: 10_000 });
      await header(page).getByRole('button', { name: 'Sign In', exact: true }).waitFor({ state: 'visible', timeout: 10_000 });
      expect(await page.evaluate(() => localStorage.getItem('rv_access_token'))).toBeNull();

      // Signing in before verifying is refused, with a way to get a new link.
      await header(page).getByRole('button', { name: 'Sign In', exact: true }).click();
      const signIn = await signInWithDialog(page, username, password);
      await signIn.getByRole('alert').filter({ hasText: VERIFY_MESSAGE }).waitFor({ state: 'visible', timeout: 10_000 });
      const resend = signIn.getByRole('button', { name: 'Resend Verification Email' });
      expect(await resend.isVisible()).toBe(true);
      await screenshot(page, 'auth-sign-in-dialog');
      await resend.click();
      await signIn.getByText('Verification email sent! Please check your inbox.').waitFor({ state: 'visible', timeout: 10_000 });
      await signIn.getByRole('button', { name: 'Close' }).click();
      await signIn.waitFor({ state: 'detached', timeout: 10_000 });

      // The newest verification link from the outbox.
      const link = new URL(await newestMailLink(h.server.dataDir, email, '/verify-email'));
      const server = new URL(h.server.url);
      link.protocol = server.protocol;
      link.host = server.host;
      await page.goto(link.toString());
      await page.getByRole('heading', { name: 'E-mail verified' }).waitFor({ state: 'visible', timeout: 15_000 });
      expect(await page.getByText('Your e-mail address is verified').isVisible()).toBe(true);

      // Sign in from the success panel; the first-time tag dialog follows.
      await page.locator('main').getByRole('button', { name: 'Sign In', exact: true }).click();
      await signInWithDialog(page, email, password);
      await welcome.waitFor({ state: 'visible', timeout: 15_000 });
      await welcome.getByText('Character Type').waitFor({ state: 'visible', timeout: 10_000 });
      const save = welcome.getByTestId('tag-save');
      expect(await save.innerText()).toBe('Need 5 more tags');
      for (const tag of ['Female', 'Fantasy', 'Romance', 'Playful', 'SFW']) {
        await welcome.getByRole('button', { name: tag, exact: true }).click();
      }
      await welcome.getByLabel('I confirm that I am 18 years old or older').check();
      await welcome.getByRole('checkbox', { name: /I agree to the Terms of Service and Privacy Policy/ }).check();
      await screenshot(page, 'auth-onboarding-dialog');
      expect(await save.isEnabled()).toBe(true);
      await save.click();
      await welcome.waitFor({ state: 'detached', timeout: 10_000 });

      // Home with the balance in the header and the user menu.
      expect(new URL(page.url()).pathname).toBe('/');
      await header(page).getByRole('link', { name: /Coin balance/ }).waitFor({ state: 'visible' });
      await header(page).getByRole('button', { name: `Account menu for ${username}` }).click();
      const menu = page.getByRole('menu');
      expect(await menu.getByText(email).isVisible()).toBe(true);
      await menu.getByRole('menuitem', { name: 'Account' }).click();
      await page.getByRole('heading', { name: 'Account settings' }).waitFor({ state: 'visible', timeout: 10_000 });
      await page.getByText('Verified', { exact: true }).waitFor({ state: 'visible', timeout: 10_000 });
      await screenshot(page, 'auth-settings');

      await signOutFromMenu(page);
      expect(await page.evaluate(() => [localStorage.getItem('rv_access_token'), localStorage.getItem('rv_user')])).toEqual([null, null]);
      expectClean(p, 'the account journey');
    } finally {
      await p.context.close();
    }
  });

  it('a guest on /favorites gets the sign-up prompt', async () => {
    const p = await newPage(h, DESKTOP);
    const { page } = p;
    try {
      await passAgeGate(page);
      await page.goto('/favorites');
      await page.getByRole('button', { name: 'Manage favorites' }).click({ timeout: 15_000 });
      const prompt = page.getByRole('dialog');
      await prompt.getByText('Sign up to manage your favorites and unlock exclusive features').waitFor({ state: 'visible' });
      expect(await prompt.getByText('Join thousands of users enjoying premium AI conversations').isVisible()).toBe(true);
      await screenshot(page, 'auth-guest-prompt');
      await prompt.getByRole('button', { name: 'Get Started Free' }).click();
      await dialog(page, 'Create Your Account').waitFor({ state: 'visible', timeout: 10_000 });
      expectClean(p, 'the guest prompt');
    } finally {
      await p.context.close();
    }
  });
});
