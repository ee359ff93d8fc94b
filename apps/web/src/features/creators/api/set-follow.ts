import { useMutation } from '@tanstack/react-query';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { charactersKeys } from '@/lib/query-keys/characters';
import { patchCreatorFollow } from '@/features/characters';
import { creatorsKeys } from '@/lib/query-keys/creators';

/** POST (follow) or DELETE (unfollow) /api/follows/users/{id}/follow; following yourself is refused (400). */
export const setFollow = ({ userId, follow }: { userId: string; follow: boolean }) =>
  apiRequest(follow ? api.social.follow : api.social.unfollow, { params: { id: userId } });

/**
 * Affects every cached copy of the creator (isFollowing, follower count), their characters' profiles and the
 * following feed (which lists followed creators' characters) and the follower / following lists of profiles.
 */
export function useSetFollow() {
  return useMutation({
    mutationFn: setFollow,
    onMutate: () => queryClient.cancelQueries({ queryKey: charactersKeys.details() }),
    onSuccess: (result, { userId }) => {
      patchCreatorFollow(queryClient, userId, result.isFollowing, result.followers);
      void queryClient.invalidateQueries({ queryKey: creatorsKeys.all, predicate: (q) => q.queryKey[1] !== 'top' });
      void queryClient.invalidateQueries({
        queryKey: charactersKeys.lists(),
        predicate: (query) => (query.queryKey[2] as { sort?: string } | undefined)?.sort === 'following',
      });
    },
  });
}
