import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';
import { imagesKeys } from '@/lib/query-keys/images';

/** GET /api/image-generation/status: is the backend set up and answering, what the next picture costs, prompt ideas. */
export const getGenerationStatus = (characterId?: string) => apiRequest(api.images.status, { query: characterId ? { characterId } : {} });

export function generationStatusQueryOptions(characterId?: string) {
  return queryOptions({ queryKey: imagesKeys.status(characterId), queryFn: () => getGenerationStatus(characterId), staleTime: 10_000 });
}

export function useGenerationStatus(characterId?: string) {
  return useQuery(generationStatusQueryOptions(characterId));
}
