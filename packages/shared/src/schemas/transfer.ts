// Conversations and accounts as files: SillyTavern JSONL chats in and out, Markdown and text for reading, and one
// zip of everything a user made.
import { z } from 'zod';

export const ChatExportFormat = z.enum(['jsonl', 'md', 'txt'], { message: 'format must be jsonl, md or txt' });
export type ChatExportFormat = z.infer<typeof ChatExportFormat>;
export const ChatExportQuery = z.object({ format: ChatExportFormat.default('jsonl') });

export const ChatImportResponse = z
  .object({
    conversationId: z.string(),
    characterId: z.string(),
    /** Messages imported. */
    messages: z.number().int(),
    /** Swipes (alternative replies) kept. */
    swipes: z.number().int(),
    warnings: z.array(z.string()),
  })
  .meta({ id: 'ChatImportResponse' });
export type ChatImportResponse = z.infer<typeof ChatImportResponse>;

export const TransferFile = z
  .unknown()
  .meta({ id: 'TransferFile', description: 'A file sent as an attachment (JSONL, Markdown, text or zip)' });
