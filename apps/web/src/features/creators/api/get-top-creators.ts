import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CreatorPeriod } from '@reverie/shared';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';
import { creatorsKeys } from '@/lib/query-keys/creators';

/** GET /api/creators/top?period=…: ranked by the period's likes, chats and new followers. */
export const getTopCreators = (period: CreatorPeriod) => apiRequest(api.social.topCreators, { query: { period, limit: 30 } });

export function topCreatorsQueryOptions(period: CreatorPeriod) {
  return queryOptions({ queryKey: creatorsKeys.top(period), queryFn: () => getTopCreators(period) });
}

export function useTopCreators(period: CreatorPeriod) {
  return useQuery(topCreatorsQueryOptions(period));
}
