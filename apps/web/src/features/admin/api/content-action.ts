import { useMutation } from '@tanstack/react-query';
import type { ContentActionBody } from '@reverie/shared';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';
import { invalidateAdmin } from './invalidate';

export type ContentActionInput = ContentActionBody & { subjectType: 'character' | 'image'; subjectId: string };

/** POST /api/admin/content/{type}/{id}/actions: hide, remove or restore. */
export const contentAction = ({ subjectType, subjectId, ...body }: ContentActionInput) =>
  apiRequest(api.admin.contentAction, { params: { subjectType, subjectId }, body });

/** Affects the whole console (invalidated). */
export function useContentAction() {
  return useMutation({ mutationFn: contentAction, onSuccess: invalidateAdmin });
}
