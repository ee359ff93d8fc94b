import { useQuery } from '@tanstack/react-query';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';
import { imagesKeys } from '@/lib/query-keys/images';

/** GET /api/images/models: the models the image backend offers. */
export const getImageModels = () => apiRequest(api.images.models);

export function useImageModels(enabled: boolean) {
  return useQuery({ queryKey: imagesKeys.models(), queryFn: getImageModels, enabled, retry: false, staleTime: 5 * 60_000 });
}
