// A conversation's place in its branch tree (modules/chat/branches.ts), for the chats list: the user's conversations
// sharing its first one, oldest first (as the tree lists them).
import { sql } from 'drizzle-orm';
import { conversations } from '../../db/schema/index.ts';

/** Its position in its tree (1: the first) and the tree's size (1: no branches). */
export interface BranchPlace {
  branchPosition: number;
  branchCount: number;
}

const sameTree = sql`t.user_id = ${conversations.userId}
  and coalesce(t.root_conversation_id, t.id) = coalesce(${conversations.rootConversationId}, ${conversations.id})`;

/** Columns for a select over `conversations`: its position in its tree (1: the first) and the tree's size (1: no branches). */
export const branchPlaceColumns = () => ({
  branchPosition: sql<number>`(select count(*)::int from ${conversations} t where ${sameTree}
    and (t.created_at, t.id) <= (${conversations.createdAt}, ${conversations.id}))`,
  branchCount: sql<number>`(select count(*)::int from ${conversations} t where ${sameTree})`,
});
