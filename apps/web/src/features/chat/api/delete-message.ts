import { api } from '@reverie/shared';
import { apiRequest } from '@/lib/api-client';

/** DELETE /api/chat/{characterId}/message/{messageId}. */
export const deleteMessage = (characterId: string, messageId: string) =>
  apiRequest(api.chat.deleteMessage, { params: { characterId, messageId } });
