import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setStoredUser, setTokens } from '@/lib/auth-tokens';
import { json, jwt, makeUser, mockApi, renderWithProviders, resetClientState } from '@/test/helpers';
import { ProfileCard, REAUTH_GOOGLE_NEEDED, REAUTH_PASSWORD_NEEDED } from './profile-card';

const change = (card: HTMLElement, label: string, value: string) =>
  fireEvent.change(within(card).getByLabelText(label), { target: { value } });

describe('profile card', () => {
  beforeEach(() => {
    resetClientState();
    setTokens({ accessToken: jwt(), refreshToken: 'r' });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('asks for the current password to change the username, and sends it along', async () => {
    const user = makeUser();
    setStoredUser(user);
    const api = mockApi({ 'PUT /api/auth/me': () => json({ ...user, username: 'luna_moon' }) });
    renderWithProviders(<ProfileCard user={user} />);
    const card = screen.getByRole('region', { name: 'Account' });
    expect(within(card).queryByLabelText('Current password')).toBeNull();

    change(card, 'Username', 'luna_moon');
    fireEvent.click(within(card).getByRole('button', { name: 'Save changes' }));
    expect(within(card).getByRole('alert').textContent).toBe(REAUTH_PASSWORD_NEEDED);
    expect(api.callsTo('PUT /api/auth/me')).toEqual([]);

    change(card, 'Current password', 'secret1');
    fireEvent.click(within(card).getByRole('button', { name: 'Save changes' }));
    await screen.findByText('Profile updated');
    expect(api.callsTo('PUT /api/auth/me')[0]?.body).toEqual({ username: 'luna_moon', currentPassword: 'secret1' });
  });

  it('saves a bio without asking for anything', async () => {
    const user = makeUser();
    setStoredUser(user);
    const api = mockApi({ 'PUT /api/auth/me': () => json({ ...user, bio: 'Stargazer' }) });
    renderWithProviders(<ProfileCard user={user} />);
    const card = screen.getByRole('region', { name: 'Account' });
    change(card, 'Bio', 'Stargazer');
    expect(within(card).queryByLabelText('Current password')).toBeNull();
    fireEvent.click(within(card).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(api.callsTo('PUT /api/auth/me')[0]?.body).toEqual({ bio: 'Stargazer' }));
  });

  it('an account without a password confirms with Google instead', () => {
    const user = makeUser({ hasPassword: false });
    setStoredUser(user);
    const api = mockApi({
      'GET /api/auth/config': () =>
        json({ googleClientId: null, requireEmailVerification: true, addCoinsEnabled: false, devNotices: true }),
    });
    renderWithProviders(<ProfileCard user={user} />);
    const card = screen.getByRole('region', { name: 'Account' });
    change(card, 'Email', 'luna@moon.example');
    within(card).getByRole('button', { name: 'Confirm with Google' });
    fireEvent.click(within(card).getByRole('button', { name: 'Save changes' }));
    expect(within(card).getByRole('alert').textContent).toBe(REAUTH_GOOGLE_NEEDED);
    expect(api.callsTo('PUT /api/auth/me')).toEqual([]);
  });
});
