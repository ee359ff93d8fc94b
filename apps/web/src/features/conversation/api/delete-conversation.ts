import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';

/** DELETE /api/conversations/{id} (the conversation id). */
export const deleteConversation = (id: string) => apiRequest(api.chat.deleteConversation, { params: { id } });
