import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getAccessToken, getRefreshToken } from '@/lib/auth-tokens';
import { AuthDialogs } from './auth-dialogs';
import { getSessionUser } from '../lib/session-store';
import { apiError, json, makeUser, mockApi, renderWithProviders, resetClientState } from '@/test/helpers';

const onOpenChange = vi.fn();

function renderSignUp() {
  renderWithProviders(<AuthDialogs open="signUp" onOpenChange={onOpenChange} />);
  const dialog = screen.getByRole('dialog', { name: 'Create Your Account' });
  const type = (label: string, value: string) => fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
  const submit = () => fireEvent.click(within(dialog).getByRole('button', { name: 'Create Account' }));
  return { dialog, type, submit };
}

function fill(type: (label: string, value: string) => void, values: Partial<Record<string, string>> = {}) {
  const v = { Email: 'new@example.com', Username: 'newbie', Password: 'secret1', 'Confirm Password': 'secret1', ...values };
  for (const [label, value] of Object.entries(v)) type(label, value);
}

describe('sign-up dialog', () => {
  beforeEach(() => {
    resetClientState();
    onOpenChange.mockReset();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('has the product.md fields, buttons and switch link (Google once the server has it configured)', async () => {
    mockApi({
      'GET /api/auth/config': () =>
        json({ googleClientId: 'client-1', requireEmailVerification: true, addCoinsEnabled: true, devNotices: true }),
    });
    const { dialog } = renderSignUp();
    for (const label of ['Email', 'Username', 'Password', 'Confirm Password']) {
      expect(within(dialog).getByLabelText(label).hasAttribute('required')).toBe(true);
    }
    expect(within(dialog).getByLabelText('Email').getAttribute('autocomplete')).toBe('email');
    expect(within(dialog).getByLabelText('Password').getAttribute('autocomplete')).toBe('new-password');
    await within(dialog).findByRole('button', { name: 'Continue with Google' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Already have an account? Sign in' }));
    expect(onOpenChange).toHaveBeenCalledWith('signIn');
  });

  it.each([
    [{ Email: '' }, 'Email is required'],
    [{ Email: 'not-an-email' }, 'Please enter a valid email address'],
    [{ Username: '' }, 'Username is required'],
    [{ 'Confirm Password': 'secret2' }, 'Passwords do not match'],
    [{ Password: 'abc', 'Confirm Password': 'abc' }, 'Password must be at least 6 characters'],
  ])('validates %o with "%s" in the red box and sends nothing', (values, message) => {
    const { calls } = mockApi({});
    const { dialog, type, submit } = renderSignUp();
    fill(type, values);
    submit();
    expect(within(dialog).getByRole('alert').textContent).toBe(message);
    expect(calls.filter((c) => c.key.startsWith('POST'))).toEqual([]);
  });

  it('on success signs in, closes, resets and shows the welcome toast', async () => {
    const user = makeUser({ username: 'newbie', email: 'new@example.com', emailVerified: false });
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => (release = r));
    const api = mockApi({
      'POST /api/auth/register': async () => {
        await gate;
        return json({ accessToken: 'a.b.c', refreshToken: 'r-1', user, requiresEmailVerification: true }, 201);
      },
    });
    const { dialog, type, submit } = renderSignUp();
    fill(type);
    submit();
    await within(dialog).findByRole('button', { name: 'Creating Account...' });
    release();
    await screen.findByText('Account Created Successfully!');
    screen.getByText("Welcome to Reverie! You're now logged in.");
    expect(onOpenChange).toHaveBeenCalledWith(null);
    expect((within(dialog).getByLabelText('Email') as HTMLInputElement).value).toBe('');
    expect(getAccessToken()).toBe('a.b.c');
    expect(getRefreshToken()).toBe('r-1');
    expect(getSessionUser()?.username).toBe('newbie');
    expect(api.callsTo('POST /api/auth/register')[0]?.body).toEqual({
      email: 'new@example.com',
      username: 'newbie',
      password: 'secret1',
      confirmPassword: 'secret1',
    });
  });

  it('shows the server message in the red box on failure', async () => {
    mockApi({ 'POST /api/auth/register': () => apiError(409, 'This username is already taken') });
    const { dialog, type, submit } = renderSignUp();
    fill(type);
    submit();
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toBe('This username is already taken'));
    expect(onOpenChange).not.toHaveBeenCalledWith(null);
    expect(getAccessToken()).toBeNull();
  });

  it('a taken username is named: its field is marked and focused', async () => {
    mockApi({ 'POST /api/auth/register': () => apiError(409, 'This username is already taken', {}, { field: 'username' }) });
    const { dialog, type, submit } = renderSignUp();
    fill(type);
    submit();
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toBe('This username is already taken'));
    const username = within(dialog).getByLabelText('Username');
    expect(username.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(username);
    expect(within(dialog).getByLabelText('Email').getAttribute('aria-invalid')).toBeNull();
  });

  it('falls back to "Registration failed" when the error carries no message', async () => {
    mockApi({ 'POST /api/auth/register': () => new Response('', { status: 500 }) });
    const { dialog, type, submit } = renderSignUp();
    fill(type);
    submit();
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toBe('Registration failed'));
  });
});
