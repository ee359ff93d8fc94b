// The account life cycle against the real server and Chromium: sign up, sign out, sign-in refused until the
// e-mail is verified, the verification link from the outbox, sign in, first-time onboarding, sign out.
import { expect, it } from 'vitest';
import { DESKTOP, dialog, expectClean, header, newestMailLink, onServer, outboxFiles, signInWithDialog, signOutFromMenu } from './flows.ts';
import { describeE2E, newPage, passAgeGate, screenshot, useHarness } from './harness.ts';

const VERIFY_MESSAGE = 'Please verify your email address before signing in.';

describeE2E('account life cycle (real server + Chromium)', () => {
  const h = useHarness();

  // The longest journey: on a loaded machine it needs more than the default minute.
  it('sign up → sign out → verify e-mail → sign in → onboarding → sign out', { timeout: 150_000 }, async () => {
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
      // The sign-up's mail is in the outbox before the resend, so that only the resend's counts as new: mail is
      // written by the outbox after the answer, and under load the resend's arrived after the old link was taken
      // (the page then rightly said the link had been replaced).
      await newestMailLink(h.server.dataDir, email, '/verify-email');
      const seen = await outboxFiles(h.server.dataDir);
      await resend.click();
      await signIn.getByText('Verification email sent! Please check your inbox.').waitFor({ state: 'visible', timeout: 10_000 });
      await signIn.getByRole('button', { name: 'Close' }).click();
      await signIn.waitFor({ state: 'detached', timeout: 10_000 });

      // The newest verification link from the outbox.
      await page.goto(onServer(h, await newestMailLink(h.server.dataDir, email, '/verify-email', seen)));
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
      await header(page)
        .getByRole('link', { name: /Coin balance/ })
        .waitFor({ state: 'visible' });
      await header(page)
        .getByRole('button', { name: `Account menu for ${username}` })
        .click();
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
