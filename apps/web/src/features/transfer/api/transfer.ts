import { useMutation } from '@tanstack/react-query';
import type { ChatExportFormat } from '@reverie/shared';
import { api } from '@reverie/shared/api/routes';
import { saveFile } from '@/features/characters';
import { chatKeys } from '@/lib/query-keys/chat';
import { apiRequest } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';

/** GET /api/conversations/{id}/export: the conversation as SillyTavern JSONL, Markdown or text. */
export async function exportConversation({ id, format }: { id: string; format: ChatExportFormat; filename: string }): Promise<Blob> {
  return (await apiRequest(api.transfer.exportConversation, { params: { id }, query: { format }, responseType: 'blob' })) as Blob;
}

/** Downloads the file; changes no cached data. */
export function useExportConversation() {
  return useMutation({ mutationFn: exportConversation, onSuccess: (blob, { filename }) => saveFile(blob, filename) });
}

/** POST /api/characters/{id}/import-chat: a SillyTavern chat becomes a new conversation with this character. */
export function importChat({ characterId, file }: { characterId: string; file: File }) {
  const body = new FormData();
  body.append('file', file, file.name);
  return apiRequest(api.transfer.importChat, { params: { id: characterId }, body });
}

/** Affects the character's conversation list (a new one appears). */
export function useImportChat() {
  return useMutation({
    mutationFn: importChat,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: chatKeys.conversations() }),
  });
}

/** GET /api/transfer/everything: every character (.charx) and chat (.jsonl) of the account as one zip. */
export async function exportEverything(): Promise<Blob> {
  return (await apiRequest(api.transfer.exportEverything, { responseType: 'blob' })) as Blob;
}

/** Downloads the zip; changes no cached data. */
export function useExportEverything() {
  return useMutation({ mutationFn: exportEverything, onSuccess: (blob) => saveFile(blob, 'reverie-export.zip') });
}
