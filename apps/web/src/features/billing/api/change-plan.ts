import { useMutation } from '@tanstack/react-query';
import type { BillingPeriod, PaidTier } from '@reverie/shared';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';
import { invalidateAccount, syncAccount } from '../lib/sync-account';

/**
 * POST /api/subscriptions/upgrade {plan, billingPeriod}: moves an existing membership to another plan or period.
 * coinsToAward is not sent: the server decides the coins from the plans.
 */
export const changePlan = ({ plan, billingPeriod }: { plan: PaidTier; billingPeriod: BillingPeriod }) =>
  apiRequest(api.billing.upgrade, { body: { plan, billingPeriod } });

/** Affects the membership, the balance (coins awarded) and the invoices. */
export function useChangePlan() {
  return useMutation({
    mutationFn: changePlan,
    onSuccess: (result) => {
      syncAccount({ tier: result.tier });
      return invalidateAccount();
    },
  });
}
