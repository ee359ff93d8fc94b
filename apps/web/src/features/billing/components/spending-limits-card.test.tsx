import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SpendingLimitsResponse } from '@reverie/shared';
import { setStoredUser, setTokens } from '@/lib/auth-tokens';
import { apiError, json, jwt, makeUser, mockApi, renderWithProviders, resetClientState } from '@/test/helpers';
import { clockTime, SpendingLimitsCard } from './spending-limits-card';

const from = '2026-03-04T15:07:00.000Z';
const limits = (over: Partial<SpendingLimitsResponse> = {}): SpendingLimitsResponse => ({
  daily: { cap: 10, spent: 4, resetsAt: '2026-03-05T00:00:00.000Z', pending: { cap: 40, from } },
  monthly: { cap: null, spent: 12, resetsAt: '2026-04-01T00:00:00.000Z', pending: null },
  confirmAbove: null,
  raiseDelayMinutes: 60,
  ...over,
});

const renderCard = () =>
  renderWithProviders(
    <MemoryRouter>
      <SpendingLimitsCard />
    </MemoryRouter>,
  );

beforeEach(() => {
  resetClientState();
  setTokens({ accessToken: jwt(), refreshToken: 'r' });
  setStoredUser(makeUser());
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

describe('SpendingLimitsCard', () => {
  it('shows what was spent, what is left and when a pending raise applies', async () => {
    mockApi({ 'GET /api/coins/limits': () => json(limits()) });
    renderCard();
    const region = await screen.findByRole('region', { name: 'Spending limits' });
    // The form shows the raise asked for; the note says when it applies (the cap in force is still 10).
    const daily = await within(region).findByLabelText('Daily limit (coins)');
    expect((daily as HTMLInputElement).value).toBe('40');
    expect(within(region).getByTestId('pending-raise').textContent).toBe(`Your new limit of 40 applies from ${clockTime(from)}.`);
    expect(within(region).getByText(/Spent today: 4 coins · 6 coins left · resets at/)).toBeTruthy();
    expect(within(region).getByText(/Spent this month: 12 coins · resets on/)).toBeTruthy();
    expect((within(region).getByLabelText('Monthly limit (coins)') as HTMLInputElement).value).toBe('');
  });

  it('saves the limits (empty = none) and refuses a bad number without sending it', async () => {
    const api = mockApi({
      'GET /api/coins/limits': () => json(limits({ daily: { ...limits().daily, pending: null } })),
      'PUT /api/coins/limits': () => json(limits({ daily: { ...limits().daily, cap: 5, pending: null }, confirmAbove: 8 })),
    });
    renderCard();
    const daily = await screen.findByLabelText('Daily limit (coins)');
    fireEvent.change(daily, { target: { value: '2.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save limits' }));
    expect((await screen.findByTestId('form-error')).textContent).toBe(
      'Daily limit: enter a whole number from 1 to 1,000,000, or leave it empty.',
    );
    expect(api.callsTo('PUT /api/coins/limits')).toHaveLength(0);

    fireEvent.change(daily, { target: { value: '5' } });
    fireEvent.change(screen.getByLabelText('Ask me before one action that costs more than (coins)'), { target: { value: '8' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save limits' }));
    await screen.findByText('Saved. A lower limit applies now; a higher one in 60 minutes.');
    expect(api.callsTo('PUT /api/coins/limits')[0]!.body).toEqual({ daily: 5, monthly: null, confirmAbove: 8 });
    expect(screen.queryByTestId('form-error')).toBeNull();
  });

  it('says so when the limits cannot be loaded, and tries again', async () => {
    let fail = true;
    mockApi({ 'GET /api/coins/limits': () => (fail ? apiError(500, 'Something went wrong on our side.') : json(limits())) });
    renderCard();
    expect(screen.getByLabelText('Loading spending limits')).toBeTruthy();
    await screen.findByRole('button', { name: 'Try again' }, { timeout: 10_000 });
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByLabelText('Daily limit (coins)')).toBeTruthy());
  });
});
