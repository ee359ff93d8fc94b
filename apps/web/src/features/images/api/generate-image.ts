import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GenerateImageBody } from '@reverie/shared';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';
import { imagesKeys } from '@/lib/query-keys/images';

/** POST /api/image-generation/generate: settles the cost and queues the job (202). */
export const generateImage = (body: GenerateImageBody) => apiRequest(api.images.generate, { body });

/** Affects the job (seeded into its query) and the cost shown (the generation status). */
export function useGenerateImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: generateImage,
    onSuccess: ({ job, images }) => {
      queryClient.setQueryData(imagesKeys.job(job.id), { job, images });
      void queryClient.invalidateQueries({ queryKey: [...imagesKeys.all, 'status'] });
    },
  });
}
