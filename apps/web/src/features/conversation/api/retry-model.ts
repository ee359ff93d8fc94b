import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';
import { chatKeys } from '@/lib/query-keys/chat';

/** POST /api/chat/status/retry: start the model again after a failed download or load; answers the new status. */
export const retryModel = () => apiRequest(api.chat.retryModel);

/** The answer replaces the cached status, so the chat page, /test-chat and /test move on together. */
export function useRetryModel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryModel,
    onSuccess: (status) => queryClient.setQueryData(chatKeys.status(), status),
  });
}
