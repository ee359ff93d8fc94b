import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';
import { syncAccount } from '../lib/sync-account';
import { billingKeys } from '@/lib/query-keys/billing';

/** GET /api/coins/info: balance, packs, costs, allowances left, the monthly claim and recent movements. */
export async function getCoinsInfo() {
  const info = await apiRequest(api.billing.coinsInfo);
  syncAccount({ coins: info.balance, tier: info.tier });
  return info;
}

export const coinsInfoQueryOptions = queryOptions({ queryKey: billingKeys.coins(), queryFn: getCoinsInfo, staleTime: 0 });

export function useCoinsInfo(enabled = true) {
  return useQuery({ ...coinsInfoQueryOptions, enabled });
}
