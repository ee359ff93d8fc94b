import { useMutation } from '@tanstack/react-query';
import type { ChatMessage } from '@reverie/shared';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';
import { updateMessages } from '../lib/session-cache';

export interface DeleteMessageInput {
  characterId: string;
  message: Pick<ChatMessage, 'id' | 'conversationId'>;
}

/** DELETE /api/chat/{characterId}/message/{messageId}. */
export const deleteMessage = ({ characterId, message }: DeleteMessageInput) =>
  apiRequest(api.chat.deleteMessage, { params: { characterId, messageId: message.id } });

/** Affects the cached session of the message's conversation (the message leaves it). */
export function useDeleteMessage() {
  return useMutation({
    mutationFn: deleteMessage,
    onSuccess: (_answer, { message }) => updateMessages(message.conversationId, (all) => all.filter((m) => m.id !== message.id)),
  });
}
