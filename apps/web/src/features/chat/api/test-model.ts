import { useMutation } from '@tanstack/react-query';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';

/** POST /api/chat/test: a tiny chat against the configured model (tokens/s, first-token time, or why it failed). */
export const testModel = () => apiRequest(api.chat.test);

/** Affects no cached data: the answer is shown where the check was asked for. */
export function useTestModel() {
  return useMutation({ mutationFn: testModel });
}
