import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Allowances, Permissions, Subscription, Tier } from '@reverie/shared';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';
import { logError } from '@/lib/request-queue';
import { syncAccount } from '../lib/sync-account';
import { billingKeys } from '@/lib/query-keys/billing';

export interface SubscriptionStatusView {
  /** false: the server could not be asked; the caller is shown the free tier (product.md §8). */
  success: boolean;
  tier: Tier;
  subscription: Subscription | null;
  /** null when unknown (the call failed). */
  permissions: Permissions | null;
  allowances: Allowances | null;
}

export const FREE_STATUS_FALLBACK: SubscriptionStatusView = {
  success: false,
  tier: 'free',
  subscription: null,
  permissions: null,
  allowances: null,
};

/** GET /api/subscriptions/status. A failure falls back to the free tier with success false (product.md §8). */
export async function getSubscriptionStatus(): Promise<SubscriptionStatusView> {
  try {
    const status = await apiRequest(api.billing.subscriptionStatus);
    syncAccount({ tier: status.tier });
    return status;
  } catch (error) {
    logError('Could not load the membership status', error);
    return FREE_STATUS_FALLBACK;
  }
}

export const subscriptionStatusQueryOptions = queryOptions({ queryKey: billingKeys.status(), queryFn: getSubscriptionStatus });

export function useSubscriptionStatus(enabled = true) {
  return useQuery({ ...subscriptionStatusQueryOptions, enabled });
}
