import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';
import { imagesKeys } from '@/lib/query-keys/images';

/** POST /api/image-generation/jobs/{id}/cancel: stops the job and refunds it. */
export const cancelImageJob = (id: string) => apiRequest(api.images.cancelJob, { params: { id } });

/** Affects the job and the cost shown (the refund). */
export function useCancelImageJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelImageJob,
    onSuccess: (result) => {
      queryClient.setQueryData(imagesKeys.job(result.job.id), result);
      void queryClient.invalidateQueries({ queryKey: [...imagesKeys.all, 'status'] });
    },
  });
}
