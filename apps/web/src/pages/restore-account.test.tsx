import { fireEvent, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getAccessToken, setStoredUser, setTokens } from '@/lib/auth-tokens';
import { apiError, json, jwt, makeUser, mockApi, renderWithProviders, resetClientState } from '@/test/helpers';
import RestoreAccountPage from './restore-account';

function renderWithToken(token: string) {
  renderWithProviders(
    <MemoryRouter initialEntries={[`/restore-account?token=${token}`]}>
      <RestoreAccountPage />
    </MemoryRouter>,
  );
}

describe('restore-account page', () => {
  beforeEach(() => {
    resetClientState();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('undoes the change only when asked, then signs this browser out', async () => {
    setTokens({ accessToken: jwt(), refreshToken: 'r' });
    setStoredUser(makeUser());
    const api = mockApi({ 'POST /api/auth/email-change/revert': () => json({ success: true }) });
    renderWithToken('revert-token-0123456789');
    expect(api.callsTo('POST /api/auth/email-change/revert')).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Undo the change' }));
    await screen.findByRole('heading', { name: 'Your account is restored' });
    expect(api.callsTo('POST /api/auth/email-change/revert')[0]?.body).toEqual({ token: 'revert-token-0123456789' });
    expect(getAccessToken()).toBeNull();
  });

  it('shows the server refusal for a spent link', async () => {
    const message = 'This link is invalid, expired or already used. If someone changed your account, reset your password.';
    mockApi({ 'POST /api/auth/email-change/revert': () => apiError(400, message) });
    renderWithToken('spent-token-0123456789ab');
    fireEvent.click(screen.getByRole('button', { name: 'Undo the change' }));
    expect((await screen.findByRole('alert')).textContent).toBe(message);
  });
});
