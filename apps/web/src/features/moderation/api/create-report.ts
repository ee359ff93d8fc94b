import { useMutation } from '@tanstack/react-query';
import type { CreateReportBody } from '@reverie/shared';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';

/** POST /api/reports */
export const createReport = (body: CreateReportBody) => apiRequest(api.moderation.report, { body });

/** Affects no cached data (reports are not listed to users; the outcome arrives as a notification). */
export function useCreateReport() {
  return useMutation({ mutationFn: createReport });
}
