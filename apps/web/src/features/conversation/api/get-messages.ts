import type { MessagesQuery } from '@reverie/shared';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';

/** GET /api/conversations/{id}/messages: the newest page, before or after a message, or around it. */
export const getMessages = (conversationId: string, query: Partial<MessagesQuery>) =>
  apiRequest(api.chatSearch.messages, { params: { id: conversationId }, query });
