import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';

/**
 * POST /api/chat/{characterId}/picture: ask the character for a picture in a conversation (the request text, when
 * given, is saved as your message). The chat view adds the answer's messages itself.
 */
export const requestChatPicture = (characterId: string, body: { conversationId: string; content?: string }) =>
  apiRequest(api.images.chatPicture, { params: { characterId }, body });
