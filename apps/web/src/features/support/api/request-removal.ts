import { useMutation } from '@tanstack/react-query';
import type { ContentRemovalBody } from '@reverie/shared';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';

/** POST /api/content-removal/request (signed in or not). */
export const requestRemoval = (body: ContentRemovalBody) => apiRequest(api.support.contentRemoval, { body });

/** Affects no cached data: the answer (reference number) is shown by the form. */
export function useRequestRemoval() {
  return useMutation({ mutationFn: requestRemoval });
}
