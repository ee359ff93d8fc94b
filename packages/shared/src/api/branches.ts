import { IdParam } from '../schemas/common.ts';
import { ChatBranchTree, ForkBody, ForkResult } from '../schemas/branches.ts';
import { defineEndpoint, errorBodies } from './endpoint.ts';

const tags = ['chat'] as const;

/** Branches of a conversation (docs/chat.md, "Branches"). Switching to a branch is opening it (chat session endpoint);
 * deleting one is deleting the conversation (DELETE /api/conversations/:id), whose branches stay, moved under its parent. */
export const branchesEndpoints = {
  fork: defineEndpoint({
    method: 'POST',
    path: '/api/conversations/:id/branches',
    params: IdParam,
    body: ForkBody,
    response: ForkResult,
    status: 201,
    errors: errorBodies(404, 429),
    auth: 'required',
    summary: 'Branch from here: a new conversation with the history up to and including the message, its memory and settings',
    description:
      'Copies the messages (with their swipes) up to and including messageId, the summary and pinned facts (the summary counting ' +
      'at most the copied messages), the moderation scope and every per-conversation setting. Your conversation and message only (404).',
    tags,
  }),
  tree: defineEndpoint({
    method: 'GET',
    path: '/api/conversations/:id/branches',
    params: IdParam,
    response: ChatBranchTree,
    errors: errorBodies(404),
    auth: 'required',
    summary: 'Every branch of the tree the conversation belongs to: parent, fork point, message count, last activity, title',
    tags,
  }),
};
