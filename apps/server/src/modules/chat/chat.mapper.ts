import type { ChatMemory, ChatMessage, ConversationSummary } from '@reverie/shared';
import type { ChatMessageRow, ConversationListRow, ConversationRow } from './chat.repo.ts';

export function toChatMessage(row: ChatMessageRow): ChatMessage {
  return {
    id: row.id,
    conversationId: row.conversationId,
    role: row.role,
    content: row.content,
    status: row.status,
    swipes: row.role === 'assistant' ? (row.swipes.length ? row.swipes : [row.content]) : [],
    swipeIndex: row.role === 'assistant' ? Math.min(row.swipeIndex, Math.max(0, row.swipes.length - 1)) : 0,
    createdAt: row.createdAt.toISOString(),
    editedAt: row.editedAt?.toISOString() ?? null,
    picture: row.imageJobId ? { jobId: row.imageJobId } : null,
  };
}

export function toChatMemory(row: ConversationRow): ChatMemory {
  return { summary: row.memorySummary, pinned: row.pinnedFacts, updatedAt: row.memoryUpdatedAt?.toISOString() ?? null };
}

export function toConversationSummary(row: ConversationListRow): ConversationSummary {
  return {
    id: row.id,
    character: { id: row.characterId, name: row.characterName, avatarUrl: row.characterAvatarUrl, deleted: row.characterDeleted },
    lastMessage:
      row.lastRole && row.lastContent !== null && row.lastAt
        ? { role: row.lastRole, content: row.lastContent, createdAt: row.lastAt.toISOString() }
        : null,
    messageCount: row.messageCount,
    unread: !!row.lastAt && row.lastAt.getTime() > row.lastReadAt.getTime() + 1000,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
