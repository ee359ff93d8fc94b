import { queryOptions, useQuery } from '@tanstack/react-query';
import type { api, EndpointResponse } from '@reverie/shared';
import { useSession } from '@/features/auth';
import { httpRequest } from '@/lib/api-client';
import { ageKeys } from '@/lib/query-keys/age';

// Read by the header's NSFW switch (first page load): called by path with the descriptor's types only, so the
// contract's schemas (and zod) stay out of the initial JavaScript (e2e/js-budget.e2e.ts).
/** GET /api/age-assurance: whether the viewer's region requires age assurance, and whether NSFW is closed now. */
export const getAgeState = () => httpRequest<EndpointResponse<typeof api.age.state>>('/api/age-assurance');

export function ageStateQueryOptions(userId: string | null) {
  return queryOptions({ queryKey: ageKeys.state(userId), queryFn: getAgeState, staleTime: 60_000 });
}

/**
 * The signed-in user's (or the guest's) standing; refetched when the account changes. `poll`: look again every 3 s
 * while a provider's decision is still pending (it arrives by webhook after the user comes back).
 */
export function useAgeState({ poll = false }: { poll?: boolean } = {}) {
  const { user } = useSession();
  return useQuery({
    ...ageStateQueryOptions(user?.id ?? null),
    refetchInterval: (q) => (poll && q.state.data?.status === 'pending' ? 3000 : false),
  });
}
