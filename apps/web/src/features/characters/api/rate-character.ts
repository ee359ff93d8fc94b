import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { patchCharacter } from '../lib/cache-patch';
import { charactersKeys } from '@/lib/query-keys/characters';

/** GET /api/characters/{id}/rating: the average, the caller's own rating and whether they may rate. */
export const getRating = (id: string) => apiRequest(api.characters.rating, { params: { id } });

export function useRating(id: string, enabled: boolean) {
  return useQuery({ ...queryOptions({ queryKey: charactersKeys.rating(id), queryFn: () => getRating(id) }), enabled });
}

/** PUT /api/characters/{id}/rating. Affects the rating query and every cached copy of the character (rating, count). */
export function useRateCharacter(id: string) {
  return useMutation({
    mutationFn: (stars: number) => apiRequest(api.characters.rate, { params: { id }, body: { stars } }),
    onSuccess: (result) => {
      queryClient.setQueryData(charactersKeys.rating(id), result);
      patchCharacter(queryClient, id, { rating: result.rating, ratingCount: result.ratingCount });
    },
  });
}
