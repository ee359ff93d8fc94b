import { useQuery } from '@tanstack/react-query';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';
import { branchKeys } from '@/lib/query-keys/chat';

/** GET /api/conversations/{id}/branches: every branch of the conversation's tree. */
export const getBranchTree = (conversationId: string) => apiRequest(api.branches.tree, { params: { id: conversationId } });

export function useBranchTree(conversationId: string) {
  return useQuery({ queryKey: branchKeys.tree(conversationId), queryFn: () => getBranchTree(conversationId), retry: false });
}
