import { api } from '@reverie/shared';
import { apiRequest } from '@/lib/api-client';

/** POST /api/chat/{characterId}/conversations: a fresh conversation (the earlier ones are kept). */
export const newConversation = (characterId: string) => apiRequest(api.chat.newConversation, { params: { characterId } });
