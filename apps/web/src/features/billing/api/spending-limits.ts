import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { UpdateSpendingLimitsBody } from '@reverie/shared';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { billingKeys } from '@/lib/query-keys/billing';

/** GET /api/coins/limits: the caps in force, what was spent against them, pending raises, the confirmation threshold. */
export const spendingLimitsQueryOptions = queryOptions({
  queryKey: billingKeys.limits(),
  queryFn: () => apiRequest(api.billing.spendingLimits),
});

export function useSpendingLimits(enabled = true) {
  return useQuery({ ...spendingLimitsQueryOptions, enabled });
}

/** PUT /api/coins/limits: lowering applies at once, a raise an hour later (the answer says when). */
export function useUpdateSpendingLimits() {
  return useMutation({
    mutationFn: (body: UpdateSpendingLimitsBody) => apiRequest(api.billing.updateSpendingLimits, { body }),
    onSuccess: (limits) => queryClient.setQueryData(billingKeys.limits(), limits),
  });
}
