import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImageVisibility } from '@reverie/shared';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';
import { imagesKeys } from '@/lib/query-keys/images';

/** PATCH /api/images/{id}: share a picture (public) or make it private again. */
export const setImageVisibility = ({ id, visibility }: { id: string; visibility: ImageVisibility }) =>
  apiRequest(api.images.update, { params: { id }, body: { visibility } });

/** Affects every gallery list (the picture joins or leaves the public ones). */
export function useSetImageVisibility() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setImageVisibility,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: imagesKeys.lists() }),
  });
}
