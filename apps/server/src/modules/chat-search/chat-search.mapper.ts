import type { ChatSearchHit, ChatSearchResults, ConversationSearchPage, MessageWindow } from '@reverie/shared';
import { toChatMessage } from '../chat/chat.mapper.ts';
import type { ChatHitGroupRow, ChatHitRow } from './chat-search.repo.ts';
import type { HitPage, MessageWindowRows } from './chat-search.service.ts';
import { snippet } from './snippet.ts';

export function toChatSearchHit(row: ChatHitRow, words: string[]): ChatSearchHit {
  return {
    conversationId: row.conversationId,
    messageId: row.id,
    role: row.role,
    createdAt: row.createdAt,
    ...snippet(row.content, words),
  };
}

export function toConversationSearchPage(q: string, p: HitPage<ChatHitRow>): ConversationSearchPage {
  return { q, items: p.rows.map((r) => toChatSearchHit(r, p.words)), page: p.page, limit: p.limit, hasMore: p.hasMore };
}

export function toChatSearchResults(q: string, p: HitPage<ChatHitGroupRow>): ChatSearchResults {
  return {
    q,
    groups: p.rows.map((g) => ({
      character: { id: g.characterId, name: g.characterName, avatarUrl: g.characterAvatarUrl, deleted: g.characterDeleted },
      total: g.total,
      hits: g.hits.map((h) => toChatSearchHit(h, p.words)),
    })),
    page: p.page,
    limit: p.limit,
    hasMore: p.hasMore,
  };
}

export function toMessageWindow(w: MessageWindowRows): MessageWindow {
  return { items: w.rows.map(toChatMessage), hasOlder: w.hasOlder, hasNewer: w.hasNewer };
}
