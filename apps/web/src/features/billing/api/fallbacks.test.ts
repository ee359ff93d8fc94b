import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getSessionUser } from '@/features/auth';
import { setStoredUser, setTokens } from '@/lib/auth-tokens';
import { apiError, json, jwt, makeUser, mockApi, resetClientState } from '@/test/helpers';
import { getInvoices } from './get-invoices';
import { getSubscriptionStatus } from './get-subscription-status';
import { NOT_IMPLEMENTED_MESSAGE, updatePaymentMethod } from './update-payment-method';
import { updateTier } from './update-tier';

const permissions = {
  premiumCharacters: true,
  maxReplyTokens: 800,
  memoryMessages: 60,
  imageQueue: 'fast',
  maxConversationsInFlight: 3,
  dailyFreeMessages: 500,
  monthlyFreeImages: 50,
  monthlyCoins: 300,
  firstMessagesPerDay: 3,
};
const allowance = { limit: 500, used: 0, remaining: 500, resetsAt: '2030-01-02T00:00:00.000Z' };

function signedIn() {
  setTokens({ accessToken: jwt(), refreshToken: 'r' });
  setStoredUser(makeUser({ coins: 40, tier: 'free' }));
}

describe('product.md §8 fallbacks of the billing calls', () => {
  beforeEach(() => {
    resetClientState();
    signedIn();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('a failed status call falls back to the free tier with success false', async () => {
    mockApi({ 'GET /api/subscriptions/status': () => apiError(500, 'boom') });
    await expect(getSubscriptionStatus()).resolves.toEqual({
      success: false,
      tier: 'free',
      subscription: null,
      permissions: null,
      allowances: null,
    });
  });

  it('a good status answer is passed through and the header user takes its tier', async () => {
    mockApi({
      'GET /api/subscriptions/status': () =>
        json({
          success: true,
          tier: 'premium',
          subscription: null,
          permissions,
          allowances: { chatMessages: allowance, images: allowance },
        }),
    });
    const status = await getSubscriptionStatus();
    expect(status.tier).toBe('premium');
    expect(status.permissions?.premiumCharacters).toBe(true);
    expect(getSessionUser()?.tier).toBe('premium');
  });

  it('a failed invoices call is an empty list', async () => {
    mockApi({ 'GET /api/payments/invoices': () => apiError(503, 'down') });
    await expect(getInvoices()).resolves.toEqual({ success: false, invoices: [] });
  });

  it('payment-method update says "Feature not yet implemented" only when the server has no such feature', async () => {
    mockApi({ 'POST /api/payments/update-payment-method': () => apiError(404, 'Route not found') });
    await expect(updatePaymentMethod({ paymentMethodId: 'pm_card_visa' })).resolves.toMatchObject({
      success: false,
      message: NOT_IMPLEMENTED_MESSAGE,
    });
  });

  it('a declined card on payment-method update is a real error with the processor message', async () => {
    mockApi({ 'POST /api/payments/update-payment-method': () => apiError(402, 'Your card was declined.') });
    await expect(updatePaymentMethod({ paymentMethodId: 'pm_card_chargeDeclined' })).rejects.toMatchObject({
      status: 402,
      serverMessage: 'Your card was declined.',
    });
  });

  it('a failed tier update is treated as success locally, keeping the tier asked for', async () => {
    mockApi({ 'POST /api/users/update-tier': () => apiError(500, 'boom') });
    await expect(updateTier('premium')).resolves.toEqual({ success: true, tier: 'premium', synced: false });
  });

  it('a tier update answers the tier the provider holds, not the one asked for', async () => {
    mockApi({
      'POST /api/users/update-tier': () =>
        json({ success: false, tier: 'free', message: 'No membership', subscription: null, permissions }),
    });
    await expect(updateTier('ultimate')).resolves.toEqual({ success: false, tier: 'free', synced: true });
  });
});
