import { useMutation } from '@tanstack/react-query';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';

/** POST /api/image-generation/test: a tiny picture straight from the backend (not charged, not stored). */
export const testImage = () => apiRequest(api.images.test);

/** Affects nothing cached. */
export function useTestImage() {
  return useMutation({ mutationFn: testImage });
}
