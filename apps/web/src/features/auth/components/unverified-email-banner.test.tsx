import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setStoredUser, setTokens } from '@/lib/auth-tokens';
import { json, jwt, makeUser, mockApi, renderWithProviders, resetClientState } from '@/test/helpers';
import { UnverifiedEmailBanner } from './unverified-email-banner';

describe('unverified e-mail banner', () => {
  beforeEach(() => {
    resetClientState();
    setTokens({ accessToken: jwt(), refreshToken: 'r' });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('tells a new account its address is unverified and resends the link', async () => {
    setStoredUser(makeUser({ email: 'new@example.com', emailVerified: false }));
    const api = mockApi({ 'POST /api/auth/resend-verification': () => json({ success: true, message: 'Sent' }) });
    renderWithProviders(<UnverifiedEmailBanner />);
    const banner = screen.getByRole('region', { name: 'E-mail not verified' });
    expect(banner.textContent).toContain('new@example.com is not verified yet');
    fireEvent.click(within(banner).getByRole('button', { name: 'Resend' }));
    await within(banner).findByText('New link sent');
    expect(api.callsTo('POST /api/auth/resend-verification')[0]?.body).toEqual({ email: 'new@example.com' });
    await screen.findByText('Verification Email Sent');
  });

  it('is absent for verified accounts, and can be dismissed', async () => {
    setStoredUser(makeUser({ emailVerified: true }));
    const { unmount } = renderWithProviders(<UnverifiedEmailBanner />);
    expect(screen.queryByRole('region', { name: 'E-mail not verified' })).toBeNull();
    unmount();

    setStoredUser(makeUser({ emailVerified: false }));
    renderWithProviders(<UnverifiedEmailBanner />);
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'E-mail not verified' })).toBeNull());
  });
});
