import { useMutation } from '@tanstack/react-query';
import type { EndpointBody } from '@reverie/shared';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';
import { invalidateAccount, syncAccount } from '../lib/sync-account';

export type SubscribeInput = EndpointBody<typeof api.billing.subscribe>;

/** POST /api/payments/subscribe {planId, billingPeriod}: usually a checkout to open at checkoutUrl. */
export const subscribe = (body: SubscribeInput) => apiRequest(api.billing.subscribe, { body });

/** Affects the membership when the server charged at once (status succeeded). */
export function useSubscribe() {
  return useMutation({
    mutationFn: subscribe,
    onSuccess: (result) => {
      if (result.status !== 'succeeded') return;
      syncAccount({ tier: result.tier });
      return invalidateAccount();
    },
  });
}
