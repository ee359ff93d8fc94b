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
import { snippets, type Snippet } from './snippet.ts';

type Snippets = (message: string) => Snippet;

export function toChatSearchHit(row: ChatHitRow, snippetOf: Snippets): ChatSearchHit {
  return {
    conversationId: row.conversationId,
    messageId: row.id,
    role: row.role,
    createdAt: row.createdAt,
    ...snippetOf(row.content),
  };
}

function toGroupChatHit(row: ChatHitRow, snippetOf: Snippets): ChatSearchGroupChatHit {
  return { ...toChatSearchHit(row, snippetOf), speaker: row.speaker ?? null };
}

export function toConversationSearchPage(q: string, p: HitPage<ChatHitRow>): ConversationSearchPage {
  const snippetOf = snippets(p.words);
  return { q, items: p.rows.map((r) => toGroupChatHit(r, snippetOf)), page: p.page, limit: p.limit, hasMore: p.hasMore };
}

export function toChatSearchGroup(g: ChatHitGroupRow, snippetOf: Snippets): ChatSearchGroup {
  if (g.kind === 'groupChat') {
    return { kind: 'groupChat', groupChat: g.groupChat, total: g.total, hits: g.hits.map((h) => toGroupChatHit(h, snippetOf)) };
  }
  return { kind: 'character', character: g.character, total: g.total, hits: g.hits.map((h) => toChatSearchHit(h, snippetOf)) };
}

export function toChatSearchResults(q: string, p: HitPage<ChatHitGroupRow>): ChatSearchResults {
  const snippetOf = snippets(p.words);
  return { q, groups: p.rows.map((g) => toChatSearchGroup(g, snippetOf)), page: p.page, limit: p.limit, hasMore: p.hasMore };
}

export function toMessageWindow(w: MessageWindowRows, cards: CrisisCards): MessageWindow {
  return { items: w.rows.map((m) => toChatMessage(m, cards)), hasOlder: w.hasOlder, hasNewer: w.hasNewer };
}
