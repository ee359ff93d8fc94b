import type {
  ChatSearchGroup,
  ChatSearchGroupChatHit,
  ChatSearchHit,
  ChatSearchResults,
  ConversationSearchPage,
  MessageWindow,
} from '@reverie/shared';
import { toChatMessage } from '../chat/index.ts';
import type { CrisisCards } from '../moderation/crisis.service.ts';
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

function toGroupChatHit(row: ChatHitRow, words: string[]): ChatSearchGroupChatHit {
  return { ...toChatSearchHit(row, words), speaker: row.speaker ?? null };
}

export function toConversationSearchPage(q: string, p: HitPage<ChatHitRow>): ConversationSearchPage {
  return { q, items: p.rows.map((r) => toGroupChatHit(r, p.words)), page: p.page, limit: p.limit, hasMore: p.hasMore };
}

export function toChatSearchGroup(g: ChatHitGroupRow, words: string[]): ChatSearchGroup {
  if (g.kind === 'groupChat') {
    return { kind: 'groupChat', groupChat: g.groupChat, total: g.total, hits: g.hits.map((h) => toGroupChatHit(h, words)) };
  }
  return { kind: 'character', character: g.character, total: g.total, hits: g.hits.map((h) => toChatSearchHit(h, words)) };
}

export function toChatSearchResults(q: string, p: HitPage<ChatHitGroupRow>): ChatSearchResults {
  return { q, groups: p.rows.map((g) => toChatSearchGroup(g, p.words)), page: p.page, limit: p.limit, hasMore: p.hasMore };
}

export function toMessageWindow(w: MessageWindowRows, cards: CrisisCards): MessageWindow {
  return { items: w.rows.map((m) => toChatMessage(m, cards)), hasOlder: w.hasOlder, hasNewer: w.hasNewer };
}
