import { useMutation } from '@tanstack/react-query';
import type { InspectionResponse } from '@reverie/shared';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { chatKeys } from '@/lib/query-keys/chat';

export interface ToggleLoreInput {
  conversationId: string;
  entryId: string;
  enabled: boolean;
}

/** PUT /api/conversations/{id}/lore: a lorebook entry off (or on again) for this conversation, from the next reply on. */
export const toggleLore = ({ conversationId, entryId, enabled }: ToggleLoreInput) =>
  apiRequest(api.inspector.toggleLore, { params: { id: conversationId }, body: { entryId, enabled } });

/** Affects the cached inspections of the conversation's replies (their `disabledLore`). */
export function useToggleLore() {
  return useMutation({
    mutationFn: toggleLore,
    onSuccess: ({ disabled }, { conversationId }) =>
      queryClient.setQueriesData<InspectionResponse>({ queryKey: chatKeys.inspections() }, (old) =>
        old && old.conversationId === conversationId ? { ...old, disabledLore: disabled } : old,
      ),
  });
}
