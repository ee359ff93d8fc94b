import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getStoredUser, setStoredUser, setTokens } from '@/lib/auth-tokens';
import { apiError, json, jwt, makeUser, mockApi, renderWithProviders, resetClientState } from '@/test/helpers';
import { PasswordCard } from './password-card';

const fill = (region: HTMLElement, values: Record<string, string>) => {
  for (const [label, value] of Object.entries(values)) fireEvent.change(within(region).getByLabelText(label), { target: { value } });
};

describe('password card', () => {
  beforeEach(() => {
    resetClientState();
    setTokens({ accessToken: jwt(), refreshToken: 'r' });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('an account created with Google sets a first password without sending a current one', async () => {
    setStoredUser(makeUser({ hasPassword: false }));
    const api = mockApi({
      'PATCH /api/auth/me/password': () => json({ success: true, message: 'Password set.' }),
      'GET /api/auth/me': () => json(makeUser({ hasPassword: true })),
    });
    renderWithProviders(<PasswordCard hasPassword={false} />);
    const card = screen.getByRole('region', { name: 'Set a password' });
    expect(within(card).queryByLabelText('Current password')).toBeNull();
    fill(card, { 'New password': 'first-pass', 'Confirm new password': 'first-pass' });
    fireEvent.click(within(card).getByRole('button', { name: 'Set password' }));
    await screen.findByText('Password set');
    const [call] = api.callsTo('PATCH /api/auth/me/password');
    expect(call?.body).toEqual({ newPassword: 'first-pass' });
    expect(call?.body).not.toHaveProperty('currentPassword');
    // The account has a password now: the session user is fetched again.
    await waitFor(() => expect(getStoredUser<{ hasPassword: boolean }>()?.hasPassword).toBe(true));
  });

  it('an account with a password must give the current one, and sees the server refusal', async () => {
    setStoredUser(makeUser());
    const api = mockApi({ 'PATCH /api/auth/me/password': () => apiError(401, 'Current password is incorrect') });
    renderWithProviders(<PasswordCard hasPassword />);
    const card = screen.getByRole('region', { name: 'Password' });
    fill(card, { 'New password': 'second-pass', 'Confirm new password': 'second-pass' });
    fireEvent.click(within(card).getByRole('button', { name: 'Change password' }));
    expect(within(card).getByRole('alert').textContent).toBe('Current password is required');
    expect(api.callsTo('PATCH /api/auth/me/password')).toEqual([]);

    fill(card, { 'Current password': 'wrong-pass' });
    fireEvent.click(within(card).getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(within(card).getByRole('alert').textContent).toBe('Current password is incorrect'));
    expect(api.callsTo('PATCH /api/auth/me/password')[0]?.body).toEqual({ currentPassword: 'wrong-pass', newPassword: 'second-pass' });
  });
});
