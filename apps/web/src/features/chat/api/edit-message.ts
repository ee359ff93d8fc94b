import { api } from '@reverie/shared';
import { apiRequest } from '@/lib/api-client';

/** PUT /api/chat/{characterId}/message/{messageId}: new text, or which swipe of a reply is current. */
export const editMessage = (characterId: string, messageId: string, body: { content?: string; swipeIndex?: number }) =>
  apiRequest(api.chat.editMessage, { params: { characterId, messageId }, body });
