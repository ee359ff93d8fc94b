import { useMutation } from '@tanstack/react-query';
import { queryClient } from '@/lib/query-client';
import { deleteConversation } from './delete-conversation';
import { branchKeys, chatKeys } from './query-keys';

/** DELETE /api/conversations/{id} of a branch: it goes, its branches move under its parent. */
export function useDeleteBranch(characterId: string) {
  return useMutation({
    mutationFn: (conversationId: string) => deleteConversation(conversationId),
    onSuccess: (_, conversationId) => {
      queryClient.removeQueries({ queryKey: chatKeys.session(characterId, conversationId) });
      void queryClient.invalidateQueries({ queryKey: branchKeys.all() });
      void queryClient.invalidateQueries({ queryKey: chatKeys.characterConversations(characterId) });
      void queryClient.invalidateQueries({ queryKey: chatKeys.conversations() });
    },
  });
}
