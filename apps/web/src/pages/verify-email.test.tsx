import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, renderWithProviders, resetClientState } from '@/test/helpers';
import { TOKEN_SUPERSEDED_MESSAGE } from '@reverie/shared';
import VerifyEmailPage from './verify-email';

function renderWithToken(token: string) {
  renderWithProviders(
    <MemoryRouter initialEntries={[`/verify-email?token=${token}`]}>
      <VerifyEmailPage />
    </MemoryRouter>,
  );
}

describe('verify-email page', () => {
  beforeEach(() => {
    resetClientState();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('says an earlier link was replaced by a newer one instead of "Verification failed"', async () => {
    const message = TOKEN_SUPERSEDED_MESSAGE;
    mockApi({
      'POST /api/auth/verify-email': () => json({ error: { code: 'TOKEN_SUPERSEDED', message }, message }, 400),
    });
    renderWithToken('superseded-token-0123456789');
    await screen.findByRole('heading', { name: 'A newer link was sent' });
    screen.getByText(message);
    expect(screen.queryByRole('heading', { name: 'Verification failed' })).toBeNull();
  });

  it('still says "Verification failed" for other refusals', async () => {
    const message = 'This verification link is invalid or has expired';
    mockApi({ 'POST /api/auth/verify-email': () => json({ error: { code: 'BAD_REQUEST', message }, message }, 400) });
    renderWithToken('expired-token-0123456789ab');
    await screen.findByRole('heading', { name: 'Verification failed' });
    screen.getByText(message);
  });
});
