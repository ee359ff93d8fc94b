import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getAccessToken } from '@/lib/auth-tokens';
import { AuthDialogs } from './auth-dialogs';
import { apiError, json, makeUser, mockApi, renderWithProviders, resetClientState } from '@/test/helpers';

const VERIFY_MESSAGE = 'Please verify your email address before signing in. Check your inbox for the verification link.';
const onOpenChange = vi.fn();

function renderSignIn(emailOrUsername = 'luna@example.com', password = 'secret1') {
  renderWithProviders(<AuthDialogs open="signIn" onOpenChange={onOpenChange} />);
  const dialog = screen.getByRole('dialog', { name: 'Sign in to Reverie' });
  fireEvent.change(within(dialog).getByLabelText('Email or Username'), { target: { value: emailOrUsername } });
  fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: password } });
  return { dialog, submit: () => fireEvent.click(within(dialog).getByRole('button', { name: 'Sign In' })) };
}

describe('sign-in dialog', () => {
  beforeEach(() => {
    resetClientState();
    onOpenChange.mockReset();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('requires both fields and sends nothing without them', () => {
    const { calls } = mockApi({});
    const { dialog, submit } = renderSignIn('', '');
    submit();
    expect(within(dialog).getByRole('alert').textContent).toBe('Email or username is required');
    expect(calls.filter((c) => c.key.startsWith('POST'))).toEqual([]);
    expect(within(dialog).getByLabelText('Password').getAttribute('autocomplete')).toBe('current-password');
  });

  it('signs in, shows "Signing in..." while busy and closes', async () => {
    mockApi({ 'POST /api/auth/login': () => json({ accessToken: 'a.b.c', refreshToken: 'r', user: makeUser() }) });
    const { dialog, submit } = renderSignIn();
    submit();
    within(dialog).getByRole('button', { name: 'Signing in...' });
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(null));
    expect(getAccessToken()).toBe('a.b.c');
  });

  it('shows a wrong-password error in the dialog without a resend button', async () => {
    mockApi({ 'POST /api/auth/login': () => apiError(401, 'Invalid email/username or password') });
    const { dialog, submit } = renderSignIn();
    submit();
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Invalid email/username or password');
    expect(within(dialog).queryByRole('button', { name: 'Resend Verification Email' })).toBeNull();
    within(dialog).getByRole('button', { name: 'Sign In' });
  });

  it('offers "Resend Verification Email" for the verify-email error and confirms inline and in a toast', async () => {
    const api = mockApi({
      'POST /api/auth/login': () => apiError(403, VERIFY_MESSAGE, { requiresEmailVerification: true, email: 'luna@example.com' }),
      'POST /api/auth/resend-verification': () => json({ success: true, message: 'sent' }),
    });
    const { dialog, submit } = renderSignIn('luna');
    submit();
    expect((await within(dialog).findByRole('alert')).textContent).toBe(VERIFY_MESSAGE);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Resend Verification Email' }));
    await within(dialog).findByText('Verification email sent! Please check your inbox.');
    screen.getByText('Verification Email Sent');
    screen.getByText('Please check your inbox for a new verification email.');
    expect(api.callsTo('POST /api/auth/resend-verification')[0]?.body).toEqual({ email: 'luna@example.com' });
  });

  it('resend failures: "Failed to Resend" with the server message, or "Error" on a network failure', async () => {
    let mode: 'server' | 'network' = 'server';
    mockApi({
      'POST /api/auth/login': () => apiError(403, VERIFY_MESSAGE, { requiresEmailVerification: true, email: 'luna@example.com' }),
      'POST /api/auth/resend-verification': () => {
        if (mode === 'network') throw new TypeError('Failed to fetch');
        return apiError(400, 'That address is already verified');
      },
    });
    const { dialog, submit } = renderSignIn();
    submit();
    const resend = await within(dialog).findByRole('button', { name: 'Resend Verification Email' });
    fireEvent.click(resend);
    await screen.findByText('Failed to Resend');
    screen.getByText('That address is already verified');

    mode = 'network';
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Resend Verification Email' }));
    await screen.findByText('Failed to resend verification email. Please try again.');
    screen.getByText('Error');
  });

  it('falls back to "Login failed", and offers no "Continue with Google" when Google sign-in is not configured', async () => {
    mockApi({
      'POST /api/auth/login': () => new Response('', { status: 500 }),
      'GET /api/auth/config': () => json({ googleClientId: null, requireEmailVerification: true, addCoinsEnabled: true, devNotices: true }),
    });
    const { dialog, submit } = renderSignIn();
    submit();
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toBe('Login failed'));
    expect(within(dialog).queryByRole('button', { name: 'Continue with Google' })).toBeNull();
  });

  it('"Forgot password?" opens the reset request form inline', async () => {
    const api = mockApi({
      'POST /api/auth/password-reset/request': () => json({ success: true, message: 'Check your inbox for a reset link.' }),
    });
    const { dialog } = renderSignIn();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Forgot password?' }));
    const reset = await screen.findByRole('dialog', { name: 'Reset your password' });
    fireEvent.change(within(reset).getByLabelText('Email'), { target: { value: 'luna@example.com' } });
    fireEvent.click(within(reset).getByRole('button', { name: 'Send reset link' }));
    await within(reset).findByText('Check your inbox for a reset link.');
    expect(api.callsTo('POST /api/auth/password-reset/request')[0]?.body).toEqual({ email: 'luna@example.com' });
  });
});
