import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';
import { imagesKeys } from '@/lib/query-keys/images';

/** DELETE /api/images/{id}: removes your picture and its files. */
export const deleteImage = (id: string) => apiRequest(api.images.remove, { params: { id } });

/** Affects every gallery list and any job showing the picture. */
export function useDeleteImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteImage,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: imagesKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: [...imagesKeys.all, 'job'] });
    },
  });
}
