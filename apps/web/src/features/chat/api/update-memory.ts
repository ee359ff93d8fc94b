import { api } from '@reverie/shared';
import { apiRequest } from '@/lib/api-client';

/** PUT /api/conversations/{id}/memory: the summary and pinned facts. */
export const updateMemory = (id: string, body: { summary: string; pinned: string[] }) =>
  apiRequest(api.chat.updateMemory, { params: { id }, body });
