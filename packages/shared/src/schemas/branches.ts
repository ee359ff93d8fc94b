// Branches: a conversation forked from one of its messages ("Branch from here"); the branches of one conversation
// form a tree (docs/chat.md, "Branches").
import { z } from 'zod';

export const ForkBody = z.object({ messageId: z.uuid({ message: 'messageId must be a valid message id' }) });

/** One conversation of a tree. */
export const ChatBranch = z
  .object({
    id: z.uuid(),
    /** The conversation it was forked from (null: the tree's first conversation, or its parent was deleted with no parent above). */
    parentId: z.uuid().nullable(),
    /** "Main" for the first conversation, then "Branch 2", "Branch 3"… in the order they were made. */
    title: z.string(),
    /** 1-based, in the order the branches were made. */
    position: z.number().int(),
    /** The message of the parent the branch was forked from (its start, up to 120 characters); null for a root or when it was deleted. */
    forkPoint: z.object({ messageId: z.uuid(), role: z.enum(['user', 'assistant']), preview: z.string() }).nullable(),
    messageCount: z.number().int(),
    /** The group chat this branch is (open it at /group/{groupId}); null for a one-to-one conversation. */
    groupId: z.uuid().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'ChatBranch' });
export type ChatBranch = z.infer<typeof ChatBranch>;

/** Every branch of the tree a conversation belongs to, oldest first (parents before their children). */
export const ChatBranchTree = z
  .object({ characterId: z.uuid(), currentId: z.uuid(), items: z.array(ChatBranch) })
  .meta({ id: 'ChatBranchTree' });
export type ChatBranchTree = z.infer<typeof ChatBranchTree>;

/**
 * A fork: the new branch (open it with GET /api/chat/{characterId}?conversationId=…, or a group chat's at
 * /group/{groupId}) and the tree it is in.
 */
export const ForkResult = z.object({ branch: ChatBranch, tree: ChatBranchTree }).meta({ id: 'ForkResult' });
export type ForkResult = z.infer<typeof ForkResult>;
