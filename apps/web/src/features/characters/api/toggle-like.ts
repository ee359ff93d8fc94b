import { useMutation } from '@tanstack/react-query';
import type { LikeResponse } from '@reverie/shared';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { patchCharacter } from '../lib/cache-patch';
import { charactersKeys } from '@/lib/query-keys/characters';

let running = false;

/** Whether a like or unlike request is on its way (product.md §4: only one at a time). */
export const isLikeRunning = () => running;

/**
 * PUT (like) or DELETE (unlike) /api/characters/{id}/likes. While one request runs, another call is ignored
 * and resolves to null (product.md §4 "a second request while one is running is ignored").
 */
export async function toggleLike({ id, like }: { id: string; like: boolean }): Promise<LikeResponse | null> {
  if (running) return null;
  running = true;
  try {
    return await apiRequest(like ? api.characters.like : api.characters.unlike, { params: { id } });
  } finally {
    running = false;
  }
}

/** Affects every cached copy of the character (isLiked, likes) and the user's liked-characters list. */
export function useToggleLike(userId: string | undefined) {
  return useMutation({
    mutationFn: toggleLike,
    // A profile refetch that started earlier must not land after this answer and undo it.
    onMutate: ({ id }) => queryClient.cancelQueries({ queryKey: charactersKeys.detail(id) }),
    onSuccess: (result, { id }) => {
      if (!result) return;
      patchCharacter(queryClient, id, { isLiked: result.isLiked, likes: result.likes });
      if (userId) void queryClient.invalidateQueries({ queryKey: charactersKeys.liked(userId) });
    },
  });
}
