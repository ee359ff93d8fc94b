import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, timestamp, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { characters } from './characters.ts';
import { imageJobs } from './images.ts';
import { personas } from './personas.ts';
import { users } from './users.ts';

/** A cue of the conversation's moderation scope: the rule and the words that set it (see modules/moderation). */
export interface ConversationScopeCue {
  field: string;
  rule: string;
  span: string;
  start: number;
  end: number;
}
export interface ConversationModerationScope {
  minor?: ConversationScopeCue;
  explicit?: ConversationScopeCue;
}

/** One conversation of a user with a character; a user may keep several per character. */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // Characters are soft-deleted, so the row (and its name) stays for this conversation.
    characterId: uuid('character_id')
      .notNull()
      .references(() => characters.id, { onDelete: 'cascade' }),
    /** The running summary written by the model every few messages (and editable by the user). */
    memorySummary: text('memory_summary').notNull().default(''),
    pinnedFacts: text('pinned_facts')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    memoryUpdatedAt: timestamp('memory_updated_at', { withTimezone: true }),
    /** How many messages the summary covers (the next summary starts after them). */
    summarizedCount: integer('summarized_count').notNull().default(0),
    messageCount: integer('message_count').notNull().default(0),
    /**
     * What the conversation established for the blocked-content policy (a minor cue, explicit content: rule and span
     * each), kept from the first time a cue is seen so that it holds however long the conversation grows.
     */
    moderationScope: jsonb('moderation_scope').$type<ConversationModerationScope>(),
    /** Lorebook entries (by id) the user turned off for this conversation (the inspector); the prompt skips them. */
    disabledLore: text('disabled_lore')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /**
     * A group chat's conversation (`chat_groups`): `character_id` is then the group's first member at creation, kept
     * as an anchor, and the one-to-one reads (a character's conversations, "continue the latest") leave it out.
     */
    isGroup: boolean('is_group').notNull().default(false),
    /** Recall (modules/memory): passages from the rest of the conversation go into the prompt; the user may turn it off. */
    recallEnabled: boolean('recall_enabled').notNull().default(true),
    /** The journal of memories (modules/memory): how many of its replies the journal's writer has read up to. */
    journalReplies: integer('journal_replies').notNull().default(0),
    lastReadAt: timestamp('last_read_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Characters that write first (modules/chat/first-messages.ts): the pause in hours the user chose before the
     * character may write when the user has not (null: off, the default); it doubles after each unanswered one.
     */
    writesFirstAfterHours: integer('writes_first_after_hours'),
    /** When a process took the conversation to write its first message (another process leaves it for 15 minutes). */
    writesFirstClaimedAt: timestamp('writes_first_claimed_at', { withTimezone: true }),
    /** Branches (modules/chat/branches.ts): the conversation this one was forked from; a deleted parent's children move up. */
    parentConversationId: uuid('parent_conversation_id').references((): AnyPgColumn => conversations.id, { onDelete: 'set null' }),
    /** The parent's message the fork was made from (the copy ends with it). */
    forkedFromMessageId: uuid('forked_from_message_id').references((): AnyPgColumn => chatMessages.id, { onDelete: 'set null' }),
    /** The tree's id: the first conversation's id (kept after that one is deleted); null on a conversation never forked from. */
    rootConversationId: uuid('root_conversation_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Last activity: a message sent, generated, edited or deleted. */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('conversations_user_updated_idx').on(t.userId, t.updatedAt.desc().nullsFirst()),
    index('conversations_user_character_idx').on(t.userId, t.characterId, t.updatedAt.desc().nullsFirst()),
    index('conversations_character_idx').on(t.characterId),
    // The schedule of characters that write first reads only the conversations where the user allowed it.
    index('conversations_writes_first_idx')
      .on(t.updatedAt)
      .where(sql`${t.writesFirstAfterHours} is not null`),
    index('conversations_root_idx')
      .on(t.rootConversationId)
      .where(sql`${t.rootConversationId} is not null`),
    index('conversations_parent_idx')
      .on(t.parentConversationId)
      .where(sql`${t.parentConversationId} is not null`),
    index('conversations_forked_from_idx')
      .on(t.forkedFromMessageId)
      .where(sql`${t.forkedFromMessageId} is not null`),
  ],
);

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    /** Order within the conversation (insertion order; timestamps can tie). */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    role: text('role', { enum: ['user', 'assistant'] }).notNull(),
    /** The current text: for a reply, swipes[swipeIndex]. */
    content: text('content').notNull(),
    swipes: text('swipes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    swipeIndex: integer('swipe_index').notNull().default(0),
    status: text('status', { enum: ['complete', 'incomplete', 'blocked'] })
      .notNull()
      .default('complete'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    /** A picture the character sends: its generation job (images module). */
    imageJobId: uuid('image_job_id').references(() => imageJobs.id, { onDelete: 'set null' }),
    /** A group chat's reply: the character who wrote it (null in one-to-one chats and for the user's messages). */
    speakerId: uuid('speaker_id').references(() => characters.id, { onDelete: 'set null' }),
    /**
     * A user's message: the persona it was written as (the one in force then), so a later switch leaves it as it
     * was. Null for replies, for messages from before personas or without one, and once the persona is deleted.
     */
    personaId: uuid('persona_id').references((): AnyPgColumn => personas.id, { onDelete: 'set null' }),
    /** A reply the character wrote first, when the user had not written (modules/chat/first-messages.ts). */
    unprompted: boolean('unprompted').notNull().default(false),
    /**
     * A user's message that expressed a crisis (the crisis protocol, docs/compliance.md): which crisis resources the
     * chat showed with it, a country code of the resources list (CRISIS_RESOURCES_FILE's keys) or `*` for the general
     * list, so the card is shown again with the message. Only the list's key: the card's text is the server's.
     */
    crisisCard: text('crisis_card'),
  },
  (t) => [
    index('chat_messages_conversation_seq_idx').on(t.conversationId, t.seq.desc().nullsFirst()),
    // Deleting a persona sets its messages' persona to null: found by this index, not a scan of every message.
    index('chat_messages_persona_idx')
      .on(t.personaId)
      .where(sql`${t.personaId} is not null`),
    // The words of each message are indexed outside this schema, beside the column they index (content_words,
    // migrations 0040 and 0043) and the triggers: for recall, the conversation and its words in one GIN index
    // (chat_messages_conversation_words_idx, btree_gin; the words alone on PGlite); for search in chats
    // (modules/chat-search), each message's words under its owner (chat_messages_user_search_idx, migration 0039,
    // the user_id column kept by a trigger from the conversation); typos go through the chat_search_words lexicon.
    check('chat_messages_role', sql`${t.role} in ('user', 'assistant')`),
    check('chat_messages_status', sql`${t.status} in ('complete', 'incomplete', 'blocked')`),
  ],
);

/**
 * A reply being written (`streaming`): saved when the generation starts and renewed every few seconds with the words
 * streamed so far (CHAT_PROGRESS_MS), deleted when the reply is saved. A row whose renewals stopped belongs to a
 * process that died: the recovery sweep saves its words as an incomplete reply, or refunds the charge when there were
 * none, and then marks a message left without its reply `owed` (its "Get a reply" is free once).
 */
export const chatReplyProgress = pgTable(
  'chat_reply_progress',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['send', 'regenerate', 'continue', 'first'] }).notNull(),
    /** The reply: the message to create (a message's reply) or the one regenerated or continued. */
    replyId: uuid('reply_id').notNull(),
    /** The message the reply answers when it is a new message (send, "Get a reply"); its deletion ends the row. */
    userMessageId: uuid('user_message_id').references(() => chatMessages.id, { onDelete: 'cascade' }),
    /** Whether the reply is a new message (else it changes `replyId`). */
    newReply: boolean('new_reply').notNull(),
    /** A group chat's reply: the character writing it (a recovered reply keeps its speaker). */
    speakerId: uuid('speaker_id'),
    /** The allowance use (billing) the reply was charged under; empty when it was free. */
    chargeKey: text('charge_key').notNull(),
    /** The words streamed so far. */
    text: text('text').notNull().default(''),
    state: text('state', { enum: ['streaming', 'owed'] })
      .notNull()
      .default('streaming'),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('chat_reply_progress_heartbeat_idx')
      .on(t.heartbeatAt)
      .where(sql`${t.state} = 'streaming'`),
    index('chat_reply_progress_user_message_idx').on(t.userMessageId),
    check('chat_reply_progress_state', sql`${t.state} in ('streaming', 'owed')`),
  ],
);

export type ConversationRow = typeof conversations.$inferSelect;
export type ChatReplyProgressRow = typeof chatReplyProgress.$inferSelect;
export type ChatMessageRow = typeof chatMessages.$inferSelect;
