// Branches: "Branch from here" forks a conversation at one of its messages into a new conversation with the history up
// to and including it (swipes and all), the memory as it stood (the summary counting at most the copied messages), the
// moderation scope and every per-conversation setting; a group chat's fork is a group chat with the same members. The
// forks of one conversation form a tree; deleting one keeps the others (its children move under its parent).
// Switching is opening another conversation of the tree.
import type { Actor } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import type { BranchRow, BranchesRepo } from './branches.repo.ts';
import { chatCharacter, ownConversation } from './chat-access.ts';
import type { ChatDeps } from './chat-deps.ts';
import type { ConversationRow } from './chat.repo.ts';

/** Conversations one tree may hold (the first and its branches): a fork copies the history, so they are kept few. */
export const MAX_BRANCHES = 50;

/** A tree of branches as the service answers it: the conversation asked about and every branch, oldest first. */
export interface BranchTree {
  characterId: string;
  currentId: string;
  rows: BranchRow[];
}

const treeIdOf = (conv: ConversationRow) => conv.rootConversationId ?? conv.id;

export class Branches {
  constructor(private readonly deps: ChatDeps) {}

  /** POST /api/conversations/{id}/branches: the new branch's id and its tree. */
  async fork(
    actor: Actor,
    conversationId: string,
    messageId: string,
    rateLimit: () => Promise<void>,
  ): Promise<{ id: string; tree: BranchTree }> {
    const conv = await ownConversation(this.deps, actor, conversationId);
    const character = await chatCharacter(this.deps, actor, conv.characterId, { allowDeleted: true });
    if (character.deletedAt) throw AppError.conflict('This character was deleted: its conversations can be read but not branched.');
    await rateLimit();
    // Counted and forked under one lock per user (a tree is one user's), so parallel forks cannot pass a limit together.
    const id = await this.deps.uow.run(async ({ branches }) => {
      await branches.lockUser(conv.userId);
      const existing = await branches.tree(actor.userId, treeIdOf(conv));
      if (existing.length >= MAX_BRANCHES) {
        throw AppError.conflict(`A conversation can have at most ${MAX_BRANCHES} branches. Delete one you no longer need first.`);
      }
      await this.assertRoomFor(branches, conv, messageId);
      return branches.fork(conv.id, messageId);
    });
    // The message is not in this conversation (another one's, someone else's, or deleted): the same 404 as a missing one.
    if (!id) throw AppError.notFound('Message');
    this.deps.recall?.indexLater(id);
    return { id, tree: await this.treeOf(actor, conv, id) };
  }

  /**
   * A fork copies the history up to its fork point, so the messages in one user's branches are bounded
   * (CHAT_BRANCH_MESSAGES_PER_USER): five branches of an 18,000-message chat had grown the database from 151 to 476 MB.
   */
  private async assertRoomFor(branches: BranchesRepo, conv: ConversationRow, messageId: string): Promise<void> {
    const limit = this.deps.settings.branchMessagesPerUser;
    const { copied, held } = await branches.forkSize(conv.userId, conv.id, messageId);
    if (copied === 0 || held + copied <= limit) return;
    const n = (v: number) => v.toLocaleString('en-US');
    throw AppError.conflict(
      `This branch would copy ${n(copied)} messages, and your branches already hold ${n(held)} of the ${n(limit)} they may hold in all. ` +
        'Branch from an earlier message, or delete a branch you no longer need first.',
    );
  }

  /** GET /api/conversations/{id}/branches. */
  async tree(actor: Actor, conversationId: string): Promise<BranchTree> {
    const conv = await ownConversation(this.deps, actor, conversationId);
    return this.treeOf(actor, conv, conv.id);
  }

  private async treeOf(actor: Actor, conv: ConversationRow, currentId: string): Promise<BranchTree> {
    const rows = await this.deps.uow.repos.branches.tree(actor.userId, treeIdOf(conv));
    return { characterId: conv.characterId, currentId, rows };
  }
}
