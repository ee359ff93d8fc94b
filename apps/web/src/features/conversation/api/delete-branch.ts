import { useMutation } from '@tanstack/react-query';
import { groupKeys } from '@/lib/query-keys/groups';
import { queryClient } from '@/lib/query-client';
import { deleteConversation } from './delete-conversation';
import { branchKeys, chatKeys } from '@/lib/query-keys/chat';

/**
 * DELETE /api/conversations/{id} of a branch: it goes, its branches move under its parent. A group chat's branch
 * takes its group with it, so cached group pages are read again.
 */
export function useDeleteBranch(characterId: string) {
  return useMutation({
    mutationFn: (conversationId: string) => deleteConversation(conversationId),
    onSuccess: (_, conversationId) => {
      queryClient.removeQueries({ queryKey: chatKeys.session(characterId, conversationId) });
      void queryClient.invalidateQueries({ queryKey: branchKeys.all() });
      void queryClient.invalidateQueries({ queryKey: chatKeys.characterConversations(characterId) });
      void queryClient.invalidateQueries({ queryKey: chatKeys.conversations() });
      void queryClient.invalidateQueries({ queryKey: groupKeys.sessions() });
    },
  });
}
