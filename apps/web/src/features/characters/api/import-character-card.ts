import { useMutation } from '@tanstack/react-query';
import { api } from '@reverie/shared/api/routes';
import { ApiError, apiRequest } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { applySavedCharacter } from '../lib/after-write';

export type CardRating = 'sfw' | 'suggestive' | 'nsfw';

/**
 * POST /api/characters/import (multipart `rating`, then `file`): a Character Card PNG, JSON or CharX becomes a
 * private character. Without `rating` the card's tags decide; a card without one is refused with 422
 * `card-rating-required` and the importer is asked (see `needsRating`).
 */
export function importCharacterCard({ file, rating }: { file: File; rating?: CardRating }) {
  const body = new FormData();
  if (rating) body.append('rating', rating);
  body.append('file', file, file.name);
  return apiRequest(api.characters.importCard, { body });
}

/** Affects the new character's profile and the caller's character list. */
export function useImportCharacterCard() {
  return useMutation({ mutationFn: importCharacterCard, onSuccess: (result) => applySavedCharacter(queryClient, result.character) });
}

/** Whether the server asked the importer to choose a rating (the card does not declare one). */
export function needsRating(err: unknown): boolean {
  if (!(err instanceof ApiError) || err.status !== 422) return false;
  const details = (err.body as { error?: { details?: { rule?: string } } } | undefined)?.error?.details;
  return details?.rule === 'card-rating-required';
}
