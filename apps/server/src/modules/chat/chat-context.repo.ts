// Everything a chat message needs before the model is asked, read in one statement: one round trip (and one database
// process) for a message's reads instead of six side by side.
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { columnList, jsonColumn, keyedColumnList, maybeRowFromJson, rowFromJson, rowFromKeyedJson } from '../../db/json-row.ts';
import { reusable, statementName } from '../../db/prepared.ts';
import { characters, chatMessages, conversations, subscriptions, users } from '../../db/schema/index.ts';
import { MEMBERSHIP_ORDER, type SubscriptionRow } from '../billing/payments.repo.ts';
import { withCreator, type CharacterWithCreator } from '../characters/characters.repo.ts';
import { journalEntriesFrom, journalJson, type JournalEntry } from '../memory/journal-read.repo.ts';
import type { WordHitRow } from '../memory/memory.rows.ts';
import { recallWordsJson, wordHitsFrom } from '../memory/recall-read.repo.ts';
import { effectivePersonaFrom, effectivePersonaJson, type EffectivePersona } from '../personas/personas.repo.ts';
import type { ChatMessageRow, ConversationRow } from './chat.repo.ts';

/** A character as chat reads it: every column but the search index (a long character's tsvector runs to kilobytes). */
export type ChatCharacter = Omit<CharacterWithCreator, 'searchVector'>;

/**
 * The character as JSON, every column but the search index (a long character's tsvector runs to kilobytes), keyed
 * by property so that it is decoded in place (db/json-row.ts): an object V8 keeps in fast mode, where Drizzle's own
 * mapping of a nested 40-column row is a 1.6 KB dictionary that a streaming reply keeps to its end.
 */
const characterJson = sql<unknown>`(select row_to_json(ch) from (select ${keyedColumnList(characters, 'characters', ['searchVector'])}) ch)`;

/** A message as chat reads it: not the words kept for recall and search (content_words, user_id: migrations 0039, 0040). */
const messageColumns = columnList(chatMessages, 'cm');

/** Everything a chat message needs before the model is asked, read in one statement (`ChatRepo.context`). */
export interface ChatContext {
  character: ChatCharacter;
  /** The conversation asked for by id (whoever owns it: the caller checks), or the caller's latest with the character. */
  conversation: ConversationRow | undefined;
  /** That conversation's newest messages, newest first. */
  newest: ChatMessageRow[];
  /** The caller's username (null when the account is gone). */
  userName: string | null;
  /** The caller's newest membership, for the plan's permissions. */
  latestSubscription: SubscriptionRow | undefined;
  /** The persona in force: chosen for the conversation, remembered for the character, or the default. */
  persona: EffectivePersona | undefined;
  /** The caller's journal of the character (memory/journal-read.repo.ts). */
  journal: JournalEntry[];
  /** Recall's word hits for `recallQuery` outside the newest messages read (memory/recall-read.repo.ts); none without it. */
  wordHits: WordHitRow[];
}

export class ChatContextRepo {
  constructor(private readonly db: DbOrTx) {}

  /**
   * The character with its creator, the conversation, its newest `limit` messages, the caller's name, newest
   * membership, persona and journal of the character, and recall's search by words for a new message: one statement,
   * so a chat message pays one round trip (and one database process) for its reads instead of seven side by side.
   * Undefined when the character does not exist.
   */
  async context(q: {
    userId: string;
    characterId: string;
    conversationId?: string;
    limit: number;
    /** Recall's tsquery for the new message (null: no search). */
    recallQuery?: string | null;
  }): Promise<ChatContext | undefined> {
    const byId = q.conversationId !== undefined;
    // The limit is part of the statement's text (one statement per limit): with it as a parameter PostgreSQL
    // re-planned the statement on every run instead of keeping its generic plan.
    const limit = Math.max(1, Math.floor(q.limit));
    const key = `${byId ? 'chat_context_by_id' : 'chat_context_latest'}_${limit}`;
    const query = reusable(this.db, key, () => {
      const ph = (name: string) => sql.placeholder(name);
      // The conversation: by id, or the caller's most recently active one with this character.
      const convWhere = byId
        ? sql`v.id = ${ph('conversationId')}`
        : sql`v.user_id = ${ph('userId')} and v.character_id = ${ph('characterId')} and not v.is_group`;
      const conv = sql`select * from ${conversations} v where ${convWhere} order by v.updated_at desc limit 1`;
      const convId = sql`(select cv.id from (${conv}) cv)`;
      return this.db
        .select({
          c: characterJson,
          creatorUsername: users.username,
          creatorAvatarUrl: users.avatarUrl,
          userName: sql<string | null>`(select me.username from ${users} me where me.id = ${ph('userId')})`,
          conv: sql<unknown>`(select row_to_json(cv) from (${conv}) cv)`,
          sub: sql<unknown>`(select row_to_json(s) from (
            select * from ${subscriptions} s where s.user_id = ${ph('userId')} order by ${MEMBERSHIP_ORDER} limit 1) s)`,
          // Not the words kept for recall and search (content_words, user_id: migrations 0039, 0040).
          messages: sql<unknown>`(select coalesce(json_agg(m order by m.seq desc), '[]'::json) from (
            select ${messageColumns} from ${chatMessages} cm where cm.conversation_id = ${convId}
            order by cm.seq desc limit ${sql.raw(String(limit))}) m)`,
          persona: effectivePersonaJson(sql`${ph('userId')}`, sql`${ph('characterId')}`, convId),
          journal: journalJson(sql`${ph('userId')}`, { characterId: sql`${ph('characterId')}` }),
          wordHits: recallWordsJson(convId, sql`${ph('recallQuery')}`, limit),
        })
        .from(characters)
        .innerJoin(users, eq(users.id, characters.creatorId))
        .where(eq(characters.id, ph('characterId')))
        .prepare(statementName(key));
    });
    const [row] = await query.execute({ ...q, conversationId: q.conversationId ?? null, recallQuery: q.recallQuery ?? null });
    if (!row) return undefined;
    return {
      character: withCreator(rowFromKeyedJson(characters, jsonColumn(row.c) as Record<string, unknown>, ['searchVector']), {
        username: row.creatorUsername,
        avatarUrl: row.creatorAvatarUrl,
      }),
      conversation: maybeRowFromJson(conversations, jsonColumn(row.conv)),
      newest: (jsonColumn(row.messages) as Record<string, unknown>[]).map((m) => rowFromJson(chatMessages, m)),
      userName: row.userName,
      latestSubscription: maybeRowFromJson(subscriptions, jsonColumn(row.sub)),
      persona: effectivePersonaFrom(row.persona),
      journal: journalEntriesFrom(row.journal),
      wordHits: wordHitsFrom(row.wordHits),
    };
  }
}
