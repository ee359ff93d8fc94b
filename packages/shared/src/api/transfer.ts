import { IdParam } from '../schemas/common.ts';
import { ChatExportQuery, ChatImportResponse, TransferFile } from '../schemas/transfer.ts';
import { defineEndpoint, errorBodies } from './endpoint.ts';

const tags = ['transfer'] as const;

export const transferEndpoints = {
  exportConversation: defineEndpoint({
    method: 'GET',
    path: '/api/conversations/:id/export',
    params: IdParam,
    query: ChatExportQuery,
    response: TransferFile,
    errors: errorBodies(429),
    auth: 'required',
    summary: 'Export one of your conversations as a SillyTavern chat (JSONL), Markdown or plain text',
    tags,
  }),
  importChat: defineEndpoint({
    method: 'POST',
    path: '/api/characters/:id/import-chat',
    params: IdParam,
    response: ChatImportResponse,
    status: 201,
    errors: errorBodies(413, 415, 422, 429),
    auth: 'required',
    multipart: true,
    summary: 'Import a SillyTavern chat (.jsonl) as a new conversation with this character',
    description:
      'Multipart field `file`: a SillyTavern chat file (a header line, then one JSON object per message). Swipes are kept; system ' +
      'lines are left out. Bounded (16 MB, 20,000 lines, 256,000 characters per message, 50 swipes) and checked by the content policy. ' +
      'A SillyTavern group chat file is a 422 (`rule: group_chat`) naming its speakers.',
    tags,
  }),
  exportEverything: defineEndpoint({
    method: 'GET',
    path: '/api/transfer/everything',
    response: TransferFile,
    errors: errorBodies(429),
    auth: 'required',
    summary: 'Download all your characters (.charx) and chats (.jsonl) as one zip',
    tags,
  }),
} as const;
