import { useMutation } from '@tanstack/react-query';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';

/** POST or DELETE /api/images/{id}/like: like a public picture, or take the like back. */
export const setImageLike = ({ id, liked }: { id: string; liked: boolean }) =>
  apiRequest(liked ? api.images.like : api.images.unlike, { params: { id } });

/** Affects only the picture on screen: the caller keeps its own copy of likes (galleries are not refetched). */
export function useSetImageLike() {
  return useMutation({ mutationFn: setImageLike });
}
