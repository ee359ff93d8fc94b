import type { ChatCost, ChatMemory, ChatMessage, ChatSession, ChatStatus, ConversationPage, ConversationSummary } from '@reverie/shared';
import type { CrisisCards, CrisisSupport } from '../moderation/crisis.service.ts';
import { branchTitle } from './branches.mapper.ts';
import type { ChatMessageRow, ConversationListRow, ConversationRow, ShownMessageRow } from './chat.repo.ts';
import type { MessageCost, OpenedConversation, Page } from './conversations.ts';
import { forUsers, type ModelState } from './model-status.ts';

/**
 * A message as the chat shows it; a user's message that expressed a crisis carries its card again (`cards` turns the
 * stored key into the resources shown, from the server's list).
 */
export function toChatMessage(row: ShownMessageRow, cards: CrisisCards): ChatMessage {
  return toSentMessage(row, row.crisisCard ? cards.stored(row.crisisCard) : null);
}

/** A user's message just saved, with the card the pipeline chose for it (the one its stored key names). */
export function toSentMessage(row: ShownMessageRow, support: CrisisSupport | null): ChatMessage {
  return { ...messageFields(row), ...(support ? { support } : {}) };
}

/** A reply (the model's, a picture's caption): written by the character, so with no persona and no crisis card. */
export const toReplyMessage = (row: ChatMessageRow): ChatMessage => messageFields({ ...row, persona: null });

function messageFields(row: ShownMessageRow): ChatMessage {
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
    speakerId: row.speakerId,
    persona: row.role === 'user' ? row.persona : null,
    ...(row.unprompted ? { unprompted: true } : {}),
  };
}

export function toChatMemory(row: ConversationRow): ChatMemory {
  return {
    summary: row.memorySummary,
    pinned: row.pinnedFacts,
    updatedAt: row.memoryUpdatedAt?.toISOString() ?? null,
    recall: row.recallEnabled,
  };
}

export function toChatCost(cost: MessageCost): ChatCost {
  return { freeLeft: cost.freeLeft, costPerMessage: cost.costPerMessage, balance: cost.balance };
}

export function toChatSession(s: OpenedConversation, cards: CrisisCards): ChatSession {
  const { conversation: conv, character } = s;
  return {
    conversation: { id: conv.id, createdAt: conv.createdAt.toISOString(), updatedAt: conv.updatedAt.toISOString() },
    character: {
      id: character.id,
      name: character.name,
      avatarUrl: character.avatarUrl,
      tagline: character.tagline,
      creator: { id: character.creatorId, username: character.creatorUsername },
      premium: character.premium,
      nsfw: character.nsfw,
      deleted: !!character.deletedAt,
    },
    messages: s.messages.map((m) => toChatMessage(m, cards)),
    hasMore: s.hasMore,
    cost: toChatCost(s.cost),
    memory: toChatMemory(conv),
    freeReply: s.freeReply,
  };
}

export function toConversationSummary(row: ConversationListRow): ConversationSummary {
  return {
    id: row.id,
    character: { id: row.characterId, name: row.characterName, avatarUrl: row.characterAvatarUrl, deleted: row.characterDeleted },
    group: row.group,
    lastMessage:
      row.lastRole && row.lastContent !== null && row.lastAt
        ? { role: row.lastRole, content: row.lastContent, createdAt: row.lastAt.toISOString() }
        : null,
    branch: row.branchCount > 1 ? { title: branchTitle(row.branchPosition), position: row.branchPosition, count: row.branchCount } : null,
    messageCount: row.messageCount,
    unread: !!row.lastAt && row.lastAt.getTime() > row.lastReadAt.getTime() + 1000,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const pageOf = <T, W>(p: Page<T>, map: (row: T) => W) => ({
  items: p.rows.map(map),
  page: p.page,
  limit: p.limit,
  total: p.total,
  hasMore: p.page * p.limit < p.total,
});

export const toConversationPage = (p: Page<ConversationListRow>): ConversationPage => pageOf(p, toConversationSummary);

export const toChatHistoryPage = (p: Page<ShownMessageRow>, cards: CrisisCards) => pageOf(p, (m) => toChatMessage(m, cards));

/** `operator`: the viewer may read the server's settings in `problem` and `message` (an admin); others read them plainly. */
export function toChatStatus({ info, unavailable, diagnosticCharacterId }: ModelState, operator = false): ChatStatus {
  const problem = info.problem ?? (info.state === 'error' ? (info.error ?? null) : null);
  const words = (text: string | null) => (text === null || operator ? text : forUsers(text));
  return {
    provider: info.provider,
    model: info.model,
    contextSize: info.contextSize,
    ready: info.ready,
    state: info.state,
    progress: info.progress ?? null,
    message: words(unavailable ?? null),
    problem: words(problem),
    canRetry: info.canRetry ?? false,
    active: info.active ?? 0,
    queued: info.queued ?? 0,
    diagnosticCharacterId,
  };
}
