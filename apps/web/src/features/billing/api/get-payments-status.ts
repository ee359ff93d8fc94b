import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';
import { syncAccount } from '../lib/sync-account';
import { billingKeys } from '@/lib/query-keys/billing';

/**
 * GET /api/payments/status, with `sessionId` for the outcome pages: the server says what became of that checkout,
 * the URL is never trusted.
 */
export async function getPaymentsStatus(sessionId?: string) {
  const status = await apiRequest(api.billing.paymentsStatus, { query: sessionId ? { sessionId } : {} });
  syncAccount({ coins: status.coins, tier: status.tier });
  return status;
}

/** A paid checkout is fulfilled by the processor's event, which may land a moment later: poll until it has. */
export function paymentsStatusQueryOptions(sessionId?: string) {
  return queryOptions({
    queryKey: billingKeys.payments(sessionId),
    queryFn: () => getPaymentsStatus(sessionId),
    staleTime: 0,
    refetchInterval: (query) => {
      const checkout = query.state.data?.checkout;
      if (!checkout || checkout.status !== 'complete' || checkout.fulfilled) return false;
      return query.state.dataUpdateCount < 20 ? 1500 : false;
    },
  });
}

export function usePaymentsStatus(sessionId?: string, enabled = true) {
  return useQuery({ ...paymentsStatusQueryOptions(sessionId), enabled });
}
