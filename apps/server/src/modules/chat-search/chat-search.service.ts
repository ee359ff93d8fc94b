// Search in chats (issue 32) and the pages of a long conversation. Only the caller's conversations: another
// user's conversation id answers 404 like a missing one.
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { Actor } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ChatRepo, ConversationRow, ShownMessageRow } from '../chat/index.ts';
import { searchWords } from '../search/search.repo.ts';
import type { ChatHitGroupRow, ChatHitRow, ChatMatch, ChatSearchRepo } from './chat-search.repo.ts';

export type ChatSearchUnitOfWork = UnitOfWork<{ chat: ChatRepo; chatSearch: ChatSearchRepo }>;

/** Hits shown per result (a character, or a group chat) when searching all conversations. */
export const HITS_PER_RESULT = 3;

export interface HitPage<T> {
  rows: T[];
  words: string[];
  page: number;
  limit: number;
  hasMore: boolean;
}

export interface MessageWindowRows {
  rows: ShownMessageRow[];
  hasOlder: boolean;
  hasNewer: boolean;
}

/**
 * A tsquery of the words (each in any English form), the last also as a prefix while it is typed; each word's
 * look-alikes (`similar`, for typos) as alternatives: "lantrn tea" → `(lantrn | lantern) & tea:*`.
 */
export function wordsQuery(words: string[], similar: ReadonlyMap<string, string[]> = new Map()): string {
  return words
    .map((w, i) => {
      const terms = [i === words.length - 1 && w.length >= 3 ? `${w}:*` : w, ...(similar.get(w) ?? [])];
      return terms.length === 1 ? terms[0]! : `(${terms.join(' | ')})`;
    })
    .join(' & ');
}

export class ChatSearchService {
  constructor(private readonly uow: ChatSearchUnitOfWork) {}

  /**
   * Full-text first; when that finds nothing at all, each word is widened with look-alikes (typos) from the user's
   * own chats and searched again. `words` are what the snippets mark (the look-alikes included). A page past the
   * last of the full-text matches stays empty rather than turning to look-alikes.
   */
  private async matching<T>(userId: string, q: string, offset: number, run: (m: ChatMatch, offset: number) => Promise<T[]>) {
    const words = searchWords(q);
    if (words.length === 0) throw AppError.badRequest('Search with letters or digits');
    const exact = { tsquery: wordsQuery(words) };
    const rows = await run(exact, offset);
    if (rows.length > 0 || (offset > 0 && (await run(exact, 0)).length > 0)) return { rows, words };
    const similar = await this.uow.repos.chatSearch.similarWords(userId, words);
    const widened = [...similar.values()].flat();
    if (widened.length === 0) return { rows, words };
    return { rows: await run({ tsquery: wordsQuery(words, similar) }, offset), words: [...words, ...widened] };
  }

  async inConversation(actor: Actor, conversationId: string, q: { q: string; page: number; limit: number }): Promise<HitPage<ChatHitRow>> {
    await this.own(actor, conversationId);
    const { chatSearch } = this.uow.repos;
    const offset = (q.page - 1) * q.limit;
    const { rows, words } = await this.matching(actor.userId, q.q, offset, (m, at) =>
      chatSearch.inConversation(actor.userId, conversationId, m, q.limit, at),
    );
    return { rows: rows.slice(0, q.limit), words, page: q.page, limit: q.limit, hasMore: rows.length > q.limit };
  }

  async acrossConversations(actor: Actor, q: { q: string; page: number; limit: number }): Promise<HitPage<ChatHitGroupRow>> {
    const { chatSearch } = this.uow.repos;
    const offset = (q.page - 1) * q.limit;
    const { rows, words } = await this.matching(actor.userId, q.q, offset, (m, at) =>
      chatSearch.acrossConversations(actor.userId, m, q.limit, at, HITS_PER_RESULT),
    );
    return { rows: rows.slice(0, q.limit), words, page: q.page, limit: q.limit, hasMore: rows.length > q.limit };
  }

  /** The newest messages, the page before or after a message, or the page around it (half before, half after). */
  async messages(
    actor: Actor,
    conversationId: string,
    q: { before?: string; after?: string; around?: string; limit: number },
  ): Promise<MessageWindowRows> {
    await this.own(actor, conversationId);
    const { chatSearch } = this.uow.repos;
    const cursor = q.before ?? q.after ?? q.around;
    const seq = cursor === undefined ? null : await chatSearch.seqOf(conversationId, cursor);
    if (cursor !== undefined && seq === null) throw AppError.notFound('Message');
    if (q.after !== undefined) {
      const newer = await chatSearch.fromSeq(conversationId, seq!, q.limit + 1, false);
      return { rows: newer.slice(0, q.limit), hasOlder: true, hasNewer: newer.length > q.limit };
    }
    if (q.around !== undefined) {
      const before = Math.floor(q.limit / 2);
      const [older, newer] = await Promise.all([
        chatSearch.olderThan(conversationId, seq, before + 1),
        chatSearch.fromSeq(conversationId, seq!, q.limit - before + 1, true),
      ]);
      return {
        rows: [...older.slice(0, before).reverse(), ...newer.slice(0, q.limit - before)],
        hasOlder: older.length > before,
        hasNewer: newer.length > q.limit - before,
      };
    }
    const older = await chatSearch.olderThan(conversationId, seq, q.limit + 1);
    return { rows: older.slice(0, q.limit).reverse(), hasOlder: older.length > q.limit, hasNewer: q.before !== undefined };
  }

  private async own(actor: Actor, conversationId: string): Promise<ConversationRow> {
    const conv = await this.uow.repos.chat.conversation(conversationId);
    if (!conv || conv.userId !== actor.userId) throw AppError.notFound('Conversation');
    return conv;
  }
}
