import { useMutation } from '@tanstack/react-query';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { branchKeys, chatKeys } from '@/lib/query-keys/chat';

/** POST /api/conversations/{id}/branches: "Branch from here". */
export const forkBranch = ({ conversationId, messageId }: { conversationId: string; messageId: string }) =>
  apiRequest(api.branches.fork, { params: { id: conversationId }, body: { messageId } });

/** Affects every tree (the new branch's is cached from the answer) and the character's list of conversations. */
export function useForkBranch(characterId: string) {
  return useMutation({
    mutationFn: forkBranch,
    onSuccess: (result) => {
      void queryClient.invalidateQueries({ queryKey: branchKeys.all() });
      queryClient.setQueryData(branchKeys.tree(result.branch.id), result.tree);
      void queryClient.invalidateQueries({ queryKey: chatKeys.characterConversations(characterId) });
      void queryClient.invalidateQueries({ queryKey: chatKeys.conversations() });
    },
  });
}
