import type { ChatBranch, ChatBranchTree } from '@reverie/shared';
import type { BranchRow } from './branches.repo.ts';
import type { BranchTree } from './branches.ts';

/** "Main" for the tree's first conversation, then "Branch 2", "Branch 3"… in the order they were made. */
export const branchTitle = (position: number) => (position === 1 ? 'Main' : `Branch ${position}`);

export function toChatBranch(row: BranchRow, position: number): ChatBranch {
  return {
    id: row.id,
    parentId: row.parentId,
    title: branchTitle(position),
    position,
    forkPoint:
      row.forkMessageId && row.forkRole ? { messageId: row.forkMessageId, role: row.forkRole, preview: row.forkPreview ?? '' } : null,
    messageCount: row.messageCount,
    groupId: row.groupId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toChatBranchTree(tree: BranchTree): ChatBranchTree {
  return { characterId: tree.characterId, currentId: tree.currentId, items: tree.rows.map((r, i) => toChatBranch(r, i + 1)) };
}
