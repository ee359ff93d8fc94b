import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';
import { billingKeys } from '@/lib/query-keys/billing';

/** GET /api/subscriptions/plans: free plus the paid tiers, with monthly and yearly prices. */
export const getPlans = () => apiRequest(api.billing.plans);

export const plansQueryOptions = queryOptions({ queryKey: billingKeys.plans(), queryFn: getPlans });

export function usePlans(enabled = true) {
  return useQuery({ ...plansQueryOptions, enabled });
}
