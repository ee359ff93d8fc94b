import { useQuery } from '@tanstack/react-query';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';
import { chatKeys } from '@/lib/query-keys/chat';

/** GET /api/messages/{id}/inspection: what went into a reply's prompt (null inspection: nothing was recorded). */
export const getInspection = (messageId: string, swipe: number) =>
  apiRequest(api.inspector.inspection, { params: { messageId }, query: { swipe } });

export function useInspection(messageId: string, swipe: number) {
  return useQuery({ queryKey: chatKeys.inspection(messageId, swipe), queryFn: () => getInspection(messageId, swipe) });
}
