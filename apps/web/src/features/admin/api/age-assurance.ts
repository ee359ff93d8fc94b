// An account's age checks (docs/compliance.md) and the admin's reset.
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { adminKeys } from '@/lib/query-keys/admin';

/** GET /api/admin/users/{id}/age-assurance */
export const getAgeAssurance = (id: string) => apiRequest(api.age.adminGet, { params: { id } });

export function ageAssuranceQueryOptions(id: string) {
  return queryOptions({ queryKey: adminKeys.ageAssurance(id), queryFn: () => getAgeAssurance(id) });
}

export function useAgeAssurance(id: string) {
  return useQuery(ageAssuranceQueryOptions(id));
}

/** POST …/age-assurance/reset: the account must check again. Affects that account's age-assurance entry. */
export const resetAgeAssurance = (id: string) => apiRequest(api.age.adminReset, { params: { id } });

export function useResetAgeAssurance() {
  return useMutation({
    mutationFn: resetAgeAssurance,
    onSuccess: (data, id) => queryClient.setQueryData(adminKeys.ageAssurance(id), data),
  });
}
