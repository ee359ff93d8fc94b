import { useMutation } from '@tanstack/react-query';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';
import { invalidateAccount, syncAccount } from '../lib/sync-account';

/** POST /api/subscriptions/cancel {subscriptionId}: the membership ends at the period end (not now). */
export const cancelSubscription = ({ subscriptionId, reason }: { subscriptionId?: string; reason?: string }) =>
  apiRequest(api.billing.cancel, { body: { subscriptionId, reason: reason?.trim() || undefined } });

export function useCancelSubscription() {
  return useMutation({
    mutationFn: cancelSubscription,
    onSuccess: (result) => {
      syncAccount({ tier: result.tier });
      return invalidateAccount();
    },
  });
}
