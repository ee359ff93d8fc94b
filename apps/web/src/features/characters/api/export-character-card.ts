import { useMutation } from '@tanstack/react-query';
import { cardFilename, type CardFormat } from '@reverie/shared';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';

/** GET /api/characters/{id}/export?format=png|json: the card file (the owner, or anyone when downloads are allowed). */
export async function exportCharacterCard({ id, format }: { id: string; name: string; format: CardFormat }): Promise<Blob> {
  return (await apiRequest(api.characters.exportCard, { params: { id }, query: { format }, responseType: 'blob' })) as Blob;
}

/** Hands a file to the browser as a download. */
export function saveFile(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Downloads the card; changes no cached data. */
export function useExportCharacterCard() {
  return useMutation({
    mutationFn: exportCharacterCard,
    onSuccess: (blob, { name, format }) => saveFile(blob, cardFilename(name, format)),
  });
}
