import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AccountExport } from '@reverie/shared';
import { getAccessToken, setStoredUser, setTokens } from '@/lib/auth-tokens';
import { apiError, json, jwt, makeUser, mockApi, renderWithProviders, resetClientState } from '@/test/helpers';
import { DataExportCard } from './data-export-card';
import { DeleteAccountCard } from './delete-account-card';

const exportRow = (over: Partial<AccountExport> = {}): AccountExport => ({
  id: '00000000-0000-4000-8000-000000000001',
  status: 'ready',
  createdAt: '2026-11-24T08:00:00.000Z',
  readyAt: '2026-11-24T08:01:00.000Z',
  expiresAt: new Date(Date.now() + 6 * 86_400_000).toISOString(),
  sizeBytes: 3 * 1024 * 1024,
  error: null,
  ...over,
});

describe('your data', () => {
  beforeEach(() => {
    resetClientState();
    setTokens({ accessToken: jwt(), refreshToken: 'r' });
    setStoredUser(makeUser());
  });
  afterEach(() => vi.unstubAllGlobals());

  it('says when there is no export yet, starts one and shows it being prepared', async () => {
    let exports: AccountExport[] = [];
    const api = mockApi({
      'GET /api/account/exports': () => json({ exports }),
      'POST /api/account/exports': () => {
        exports = [exportRow({ status: 'pending', readyAt: null, expiresAt: null, sizeBytes: null })];
        return json({ export: exports[0] }, 202);
      },
    });
    renderWithProviders(<DataExportCard />);
    const card = screen.getByRole('region', { name: 'Your data' });
    await within(card).findByText('You have not downloaded your data yet.');
    fireEvent.click(within(card).getByRole('button', { name: 'Download my data' }));
    await within(card).findByText(/Preparing your data\. You will get a notification/);
    expect(api.callsTo('POST /api/account/exports')).toHaveLength(1);
    // One at a time: the button waits while the export is prepared.
    expect((within(card).getByRole('button', { name: 'Download my data' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('offers the ready zip with its size and expiry, and shows the server refusal in words', async () => {
    mockApi({
      'GET /api/account/exports': () => json({ exports: [exportRow()] }),
      'POST /api/account/exports': () =>
        apiError(409, 'Your previous export is still being prepared. You will get a notification when it is ready.'),
    });
    renderWithProviders(<DataExportCard />);
    const card = screen.getByRole('region', { name: 'Your data' });
    await within(card).findByText('Your data is ready');
    expect(within(card).getByText(/3 MB · made .* · available until/)).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Download zip' })).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Download my data' }));
    await waitFor(() =>
      expect(within(card).getByRole('alert').textContent).toBe(
        'Your previous export is still being prepared. You will get a notification when it is ready.',
      ),
    );
  });
});

describe('delete account', () => {
  beforeEach(() => {
    resetClientState();
    setTokens({ accessToken: jwt(), refreshToken: 'r' });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('asks for the choice and the password, shows a wrong password, then signs out on success', async () => {
    const user = makeUser();
    setStoredUser(user);
    let attempt = 0;
    const api = mockApi({
      'GET /api/auth/config': () => json({ googleClientId: null }),
      'POST /api/account/deletion': () =>
        ++attempt === 1
          ? apiError(400, 'Current password is incorrect')
          : json({ deletionDueAt: '2026-12-01T08:00:00.000Z', message: 'Scheduled.' }, 202),
    });
    renderWithProviders(
      <MemoryRouter>
        <DeleteAccountCard user={user} />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Choose what happens to your public characters.');
    fireEvent.click(within(dialog).getByRole('radio', { name: /Keep them, without my name/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Enter your password to delete your account.');
    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: 'wrong-one' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toBe('Current password is incorrect'));
    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: 'right-one' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    await waitFor(() => expect(getAccessToken()).toBeNull());
    expect(api.callsTo('POST /api/account/deletion')[1]?.body).toEqual({ password: 'right-one', publicCharacters: 'anonymise' });
  });
});
