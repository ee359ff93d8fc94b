import { useMutation } from '@tanstack/react-query';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';
import { updateMessages } from '../lib/session-cache';

export interface EditMessageInput {
  characterId: string;
  messageId: string;
  body: { content?: string; swipeIndex?: number };
}

/** PUT /api/chat/{characterId}/message/{messageId}: new text, or which swipe of a reply is current. */
export const editMessage = ({ characterId, messageId, body }: EditMessageInput) =>
  apiRequest(api.chat.editMessage, { params: { characterId, messageId }, body });

/** Affects the cached session of the message's conversation (the message is replaced, also in older pages). */
export function useEditMessage() {
  return useMutation({
    mutationFn: editMessage,
    onSuccess: (updated) => updateMessages(updated.conversationId, (all) => all.map((m) => (m.id === updated.id ? updated : m))),
  });
}
