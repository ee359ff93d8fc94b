import { useQuery } from '@tanstack/react-query';
import type { ImageJobResponse } from '@reverie/shared';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';
import { imagesKeys } from '@/lib/query-keys/images';

/** GET /api/image-generation/jobs/{id}: status, place in line, progress, preview and the job's images. */
export const getImageJob = (id: string) => apiRequest(api.images.job, { params: { id } });

export const isOpenJob = (r: ImageJobResponse | undefined) => r?.job.status === 'queued' || r?.job.status === 'running';

/** Polls every second while the job is queued or running; stops once it has ended. */
export function useImageJob(id: string | undefined, initial?: ImageJobResponse) {
  return useQuery({
    queryKey: imagesKeys.job(id ?? ''),
    queryFn: () => getImageJob(id!),
    enabled: Boolean(id),
    initialData: initial,
    refetchInterval: (q) => (q.state.data === undefined || isOpenJob(q.state.data) ? 1000 : false),
    retry: 1,
  });
}
