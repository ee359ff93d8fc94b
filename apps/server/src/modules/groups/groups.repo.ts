// Group chats: the group, its members (with their characters) and, for a reply, everything the pipeline needs read in
// one statement like a one-to-one message (chat-context.repo.ts).
import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { columnList, jsonColumn, keyedColumnList, maybeRowFromJson, rowFromJson, rowFromKeyedJson } from '../../db/json-row.ts';
import { reusable, statementName } from '../../db/prepared.ts';
import { journalEntriesFrom, journalJson, type JournalEntry } from '../memory/journal-read.repo.ts';
import type { WordHitRow } from '../memory/memory.rows.ts';
import { recallWordsJson, wordHitsFrom } from '../memory/recall-read.repo.ts';
import { effectivePersonaFrom, effectivePersonaJson, type EffectivePersona } from '../personas/personas.repo.ts';
import {
  characters,
  chatGroupMembers,
  chatGroups,
  chatMessages,
  conversations,
  personas,
  subscriptions,
  users,
  type ChatGroupMemberRow,
  type ChatGroupRow,
  type ChatMessageRow,
  type ConversationRow,
} from '../../db/schema/index.ts';
import { MEMBERSHIP_ORDER, type SubscriptionRow } from '../billing/payments.repo.ts';
import { withCreator } from '../characters/characters.repo.ts';
import type { ChatCharacter } from '../chat/index.ts';

export type { ChatGroupMemberRow, ChatGroupRow };

/** A member with its character (and the character's creator), as a chat reads it. */
export interface GroupMemberWithCharacter {
  member: ChatGroupMemberRow;
  character: ChatCharacter;
}

export interface GroupWithMembers {
  group: ChatGroupRow;
  /** Every member ever, current ones first in turn order, then those who left. */
  members: GroupMemberWithCharacter[];
  /** The conversation's `character_id` (the first member at creation), which the one-to-one message routes take. */
  anchorCharacterId: string;
}

/** What a group reply needs before the model is asked. */
export interface GroupContext extends GroupWithMembers {
  conversation: ConversationRow | undefined;
  /** The conversation's newest messages, newest first. */
  newest: ChatMessageRow[];
  userName: string | null;
  latestSubscription: SubscriptionRow | undefined;
  /** The user's persona in this group (see personas.repo.ts `effectivePersonaJson`). */
  persona: EffectivePersona | undefined;
  /** The group owner's persona names by id: each of the user's lines is labelled as the persona it was written as. */
  personaNames: ReadonlyMap<string, string>;
  /** The caller's journal of the group (memory/journal-read.repo.ts; none when no caller is named). */
  journal: JournalEntry[];
  /** Recall's word hits for `recallQuery` outside the newest messages read (memory/recall-read.repo.ts); none without it. */
  wordHits: WordHitRow[];
}

/** A column of the outer chat_groups row, qualified (Drizzle leaves a one-table select's columns bare). */
const groupCol = (name: string) => sql.raw(`"chat_groups"."${name}"`);
/** A member's character as chat reads it: every column but the search index (kilobytes, never shown). */
const memberColumns = keyedColumnList(characters, 'c', ['searchVector']);

export class GroupsRepo {
  constructor(private readonly db: DbOrTx) {}

  /** The group's conversation (flagged `is_group`, anchored on the first member), the group and its members. */
  async create(g: {
    userId: string;
    name: string;
    scenario: string;
    turnMode: ChatGroupRow['turnMode'];
    characterIds: string[];
  }): Promise<ChatGroupRow> {
    const conversationId = randomUUID();
    await this.db.insert(conversations).values({ id: conversationId, userId: g.userId, characterId: g.characterIds[0]!, isGroup: true });
    const [group] = await this.db
      .insert(chatGroups)
      .values({ userId: g.userId, name: g.name, scenario: g.scenario, turnMode: g.turnMode, conversationId })
      .returning();
    await this.db
      .insert(chatGroupMembers)
      .values(g.characterIds.map((characterId, position) => ({ groupId: group!.id, characterId, position })));
    return group!;
  }

  async update(id: string, patch: Partial<Pick<ChatGroupRow, 'name' | 'scenario' | 'turnMode' | 'skipped'>>): Promise<void> {
    await this.db
      .update(chatGroups)
      .set({ ...patch, updatedAt: sql`now()` })
      .where(eq(chatGroups.id, id));
  }

  /** Passes `characterId` over until the next reply (nothing when it is already skipped). */
  async skip(id: string, characterId: string): Promise<void> {
    await this.db
      .update(chatGroups)
      .set({ skipped: sql`array_append(array_remove(${chatGroups.skipped}, ${characterId}::uuid), ${characterId}::uuid)` })
      .where(eq(chatGroups.id, id));
  }

  /** A reply was written: nobody is skipped any more. */
  async clearSkipped(id: string): Promise<void> {
    await this.db
      .update(chatGroups)
      .set({ skipped: sql`'{}'::uuid[]` })
      .where(eq(chatGroups.id, id));
  }

  /** Adds a character at the end of the turn order (back again when it had left). */
  async addMember(groupId: string, characterId: string): Promise<void> {
    const position = sql`(select coalesce(max(position), -1) + 1 from ${chatGroupMembers} where group_id = ${groupId})`;
    await this.db
      .insert(chatGroupMembers)
      .values({ groupId, characterId, position })
      .onConflictDoUpdate({
        target: [chatGroupMembers.groupId, chatGroupMembers.characterId],
        set: { removedAt: null, position, addedAt: sql`now()` },
      });
  }

  async removeMember(groupId: string, characterId: string): Promise<void> {
    await this.db
      .update(chatGroupMembers)
      .set({ removedAt: sql`now()` })
      .where(and(eq(chatGroupMembers.groupId, groupId), eq(chatGroupMembers.characterId, characterId), isNull(chatGroupMembers.removedAt)));
  }

  /** The group with its members; undefined when there is no such group. */
  /** The id of the group whose conversation this is. */
  async idByConversation(conversationId: string): Promise<string | undefined> {
    const [row] = await this.db.select({ id: chatGroups.id }).from(chatGroups).where(eq(chatGroups.conversationId, conversationId));
    return row?.id;
  }

  async find(id: string): Promise<GroupWithMembers | undefined> {
    const ctx = await this.context({ groupId: id, userId: null, limit: 0 });
    return ctx && { group: ctx.group, members: ctx.members, anchorCharacterId: ctx.anchorCharacterId };
  }

  /**
   * The group, its members with their characters, its conversation, the newest `limit` messages, the caller's name
   * and newest membership: one statement. Undefined when the group does not exist (the caller checks the owner).
   */
  async context(q: {
    groupId: string;
    userId: string | null;
    limit: number;
    recallQuery?: string | null;
  }): Promise<GroupContext | undefined> {
    const limit = Math.max(0, Math.floor(q.limit));
    const key = `group_context_${limit}`;
    const query = reusable(this.db, key, () => {
      const ph = (name: string) => sql.placeholder(name);
      return this.db
        .select({
          g: chatGroups,
          members: sql<unknown>`(select coalesce(json_agg(json_build_object('m', row_to_json(gm), 'c', (select row_to_json(cc) from (select ${memberColumns}) cc),
              'creatorUsername', u.username, 'creatorAvatarUrl', u.avatar_url)
              order by gm.removed_at is not null, gm.position), '[]'::json)
            from ${chatGroupMembers} gm join ${characters} c on c.id = gm.character_id join ${users} u on u.id = c.creator_id
            where gm.group_id = ${groupCol('id')})`,
          conv: sql<unknown>`(select row_to_json(v) from ${conversations} v where v.id = ${groupCol('conversation_id')})`,
          messages:
            limit === 0
              ? sql<unknown>`'[]'::json`
              : // Not the words kept for recall and search (content_words, user_id: migrations 0039, 0040).
                sql<unknown>`(select coalesce(json_agg(m order by m.seq desc), '[]'::json) from (
            select ${columnList(chatMessages, 'cm')} from ${chatMessages} cm where cm.conversation_id = ${groupCol('conversation_id')}
            order by cm.seq desc limit ${sql.raw(String(limit))}) m)`,
          userName: sql<string | null>`(select me.username from ${users} me where me.id = ${ph('userId')}::uuid)`,
          sub: sql<unknown>`(select row_to_json(s) from (
            select * from ${subscriptions} s where s.user_id = ${ph('userId')}::uuid order by ${MEMBERSHIP_ORDER} limit 1) s)`,
          // The persona in force: chosen for the group's conversation, else the default (a group has no character of
          // its own for a remembered choice).
          persona: effectivePersonaJson(sql`${ph('userId')}::uuid`, sql`null::uuid`, groupCol('conversation_id')),
          // At most PERSONA_LIMITS.maxPersonas rows.
          personaNames: sql<unknown>`(select coalesce(json_object_agg(p.id, p.name), '{}'::json) from ${personas} p
            where p.user_id = ${groupCol('user_id')})`,
          journal: journalJson(sql`${ph('userId')}::uuid`, { groupId: groupCol('id') }),
          wordHits: limit === 0 ? sql<unknown>`'[]'::json` : recallWordsJson(groupCol('conversation_id'), sql`${ph('recallQuery')}`, limit),
        })
        .from(chatGroups)
        .where(eq(chatGroups.id, ph('groupId')))
        .prepare(statementName(key));
    });
    const [row] = await query.execute({ groupId: q.groupId, userId: q.userId, recallQuery: q.recallQuery ?? null });
    if (!row) return undefined;
    const members = (
      jsonColumn(row.members) as {
        m: Record<string, unknown>;
        c: Record<string, unknown>;
        creatorUsername: string;
        creatorAvatarUrl: string | null;
      }[]
    ).map((r) => {
      const character = rowFromKeyedJson(characters, r.c, ['searchVector']);
      return {
        member: rowFromJson(chatGroupMembers, r.m),
        character: withCreator(character, { username: r.creatorUsername, avatarUrl: r.creatorAvatarUrl }),
      };
    });
    const conversation = maybeRowFromJson(conversations, jsonColumn(row.conv));
    return {
      group: row.g,
      members,
      anchorCharacterId: conversation?.characterId ?? '',
      conversation,
      newest: (jsonColumn(row.messages) as Record<string, unknown>[]).map((m) => rowFromJson(chatMessages, m)),
      userName: row.userName,
      latestSubscription: maybeRowFromJson(subscriptions, jsonColumn(row.sub)),
      persona: effectivePersonaFrom(row.persona),
      personaNames: new Map(Object.entries(jsonColumn(row.personaNames) as Record<string, string>)),
      journal: journalEntriesFrom(row.journal),
      wordHits: wordHitsFrom(row.wordHits),
    };
  }
}
