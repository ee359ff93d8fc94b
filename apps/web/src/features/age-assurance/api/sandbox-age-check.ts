// The sandbox age check (AGE_ASSURANCE_PROVIDER=sandbox): read one of the caller's checks, end it with an outcome.
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { SandboxAgeOutcome } from '@reverie/shared';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { ageKeys } from '@/lib/query-keys/age';

export const getSandboxAgeCheck = (id: string) => apiRequest(api.age.sandboxGet, { params: { id } });

export function sandboxAgeCheckQueryOptions(id: string) {
  return queryOptions({ queryKey: ageKeys.sandbox(id), queryFn: () => getSandboxAgeCheck(id), staleTime: 0, retry: false });
}

export function useSandboxAgeCheck(id: string) {
  return useQuery(sandboxAgeCheckQueryOptions(id));
}

export const completeSandboxAgeCheck = ({ id, outcome }: { id: string; outcome: SandboxAgeOutcome }) =>
  apiRequest(api.age.sandboxComplete, { params: { id }, body: { outcome } });

/** Affects the check and the viewer's standing (every `ageKeys` entry), and what NSFW content lists now show. */
export function useCompleteSandboxAgeCheck() {
  return useMutation({
    mutationFn: completeSandboxAgeCheck,
    onSuccess: async (check) => {
      queryClient.setQueryData(ageKeys.sandbox(check.id), check);
      await queryClient.invalidateQueries({ queryKey: ageKeys.all });
      if (check.status === 'passed') await queryClient.invalidateQueries();
    },
  });
}
