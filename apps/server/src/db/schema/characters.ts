import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { tags } from './tags.ts';
import { users } from './users.ts';

/** Postgres full-text document; maintained by a trigger (see the custom search migration). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export interface CharacterBookEntryData {
  keys: string[];
  content: string;
  /** Absent when the imported card left it out (the chat engine reads absent as enabled, in list order). */
  enabled?: boolean;
  insertionOrder?: number;
  [key: string]: unknown;
}
export interface CharacterBookData {
  entries: CharacterBookEntryData[];
  [key: string]: unknown;
}

/**
 * Character Card fields that have no column of their own, kept from an import so that an export gives them back
 * (the card's own tags, creator and version, V3 nickname, group greetings, assets, sources, dates, multilingual
 * notes, and fields no card version defines). Empty for characters made in Reverie.
 */
export interface CardExtrasData {
  tags?: string[];
  creator?: string;
  characterVersion?: string;
  nickname?: string;
  groupOnlyGreetings?: string[];
  assets?: Array<Record<string, unknown>>;
  source?: string[];
  creationDate?: number;
  modificationDate?: number;
  /** The card said `character_book: null` (an export says null again, not nothing). */
  characterBookNull?: boolean;
  creatorNotesMultilingual?: Record<string, string>;
  unknownFields?: Record<string, unknown>;
  /** The imported file's shape (spec, key order, top-level application data), so that export writes it back. */
  layout?: { spec: 'v1' | 'v2' | 'v3'; topLevel: string[]; topLevelExtras: Record<string, unknown>; dataKeys: string[] };
  /** Which entry of `assets` became the portrait (a CharX main icon); a CharX export puts the portrait there. */
  portraitAsset?: number;
  /** The Reverie tags the character had right after the import: an export adds only tags chosen after it. */
  importedTagNames?: string[];
}

export const characters = pgTable(
  'characters',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Stable slug of a seed character (the seeder's key); null for user-made ones. */
    seedSlug: text('seed_slug'),
    name: text('name').notNull(),
    /** The "persona" line on cards. */
    tagline: text('tagline').notNull().default(''),
    description: text('description').notNull().default(''),
    personality: text('personality').notNull().default(''),
    scenario: text('scenario').notNull().default(''),
    greeting: text('greeting').notNull().default(''),
    alternateGreetings: jsonb('alternate_greetings').$type<string[]>().notNull().default([]),
    exampleDialogue: text('example_dialogue').notNull().default(''),
    systemPrompt: text('system_prompt').notNull().default(''),
    postHistoryInstructions: text('post_history_instructions').notNull().default(''),
    creatorNotes: text('creator_notes').notNull().default(''),
    characterBook: jsonb('character_book').$type<CharacterBookData>(),
    /** Card extensions kept from an import, for re-export. */
    extensions: jsonb('extensions').$type<Record<string, unknown>>().notNull().default({}),
    cardExtras: jsonb('card_extras').$type<CardExtrasData>().notNull().default({}),
    /** Tag names in the creator's order; character_tags holds the same set relationally. */
    tagNames: text('tag_names')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    nsfw: boolean('nsfw').notNull().default(false),
    /** The voice its replies are read in (a speech service voice id, #42); null: the service's default. */
    voice: text('voice'),
    visibility: text('visibility', { enum: ['public', 'unlisted', 'private'] })
      .notNull()
      .default('private'),
    /** Set by administrators only (a platform decision): chatting needs a membership with premium characters. */
    premium: boolean('premium').notNull().default(false),
    allowDownload: boolean('allow_download').notNull().default(false),
    avatarUrl: text('avatar_url'),
    thumbnailUrl: text('thumbnail_url'),
    likesCount: integer('likes_count').notNull().default(0),
    favoritesCount: integer('favorites_count').notNull().default(0),
    chatCount: integer('chat_count').notNull().default(0),
    /** Average 1–5 over ratingCount rows of character_ratings (0 = not rated yet). */
    rating: real('rating').notNull().default(0),
    ratingCount: integer('rating_count').notNull().default(0),
    /** The Bayesian average "Top rated" sorts by (ratings.service.ts: the prior and its weight). */
    ratingScore: real('rating_score').notNull().default(0),
    searchVector: tsvector('search_vector'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Soft delete: the row stays so other users' conversations keep a name to show ("character deleted"). */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** When it first became public: followers of its creator hear about it then, and never again. */
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /**
     * Moderation hold: moderators hid the character (`hidden`) or suspended its creator (`suspended`). Hiding sets
     * visibility to private (so the catalogue's partial indexes stay as they are) and keeps the visibility to restore.
     */
    moderationHold: text('moderation_hold', { enum: ['hidden', 'suspended'] }),
    moderationHiddenAt: timestamp('moderation_hidden_at', { withTimezone: true }),
    moderationRestoreVisibility: text('moderation_restore_visibility', { enum: ['public', 'unlisted', 'private'] }),
    /** Removed by moderators (deleted_at set by them, not by the creator), so "restore" may bring it back. */
    moderationRemovedAt: timestamp('moderation_removed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('characters_seed_slug_idx').on(t.seedSlug),
    index('characters_creator_idx').on(t.creatorId, t.createdAt.desc().nullsFirst()),
    // Feed orders over the listed catalogue (public, not deleted): each one a plain index walk.
    // The popular index also carries name, search_vector and nsfw (INCLUDE, added by hand in migration 0005_search_covering,
    // which Drizzle cannot express): search walks it index-only.
    index('characters_public_popular_idx')
      .on(t.likesCount.desc().nullsFirst(), t.id)
      .where(sql`${t.visibility} = 'public' and ${t.deletedAt} is null`),
    index('characters_public_new_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id)
      .where(sql`${t.visibility} = 'public' and ${t.deletedAt} is null`),
    index('characters_public_rated_idx')
      .on(t.ratingScore.desc().nullsFirst(), t.ratingCount.desc().nullsFirst(), t.id)
      .where(sql`${t.visibility} = 'public' and ${t.deletedAt} is null`),
    index('characters_tag_names_idx').using('gin', t.tagNames),
    index('characters_moderation_idx')
      .on(t.creatorId)
      .where(sql`${t.moderationHold} is not null or ${t.moderationRemovedAt} is not null`),
    check('characters_counters_non_negative', sql`${t.likesCount} >= 0 and ${t.favoritesCount} >= 0 and ${t.chatCount} >= 0`),
  ],
);
export type CharacterRow = typeof characters.$inferSelect;

export const characterTags = pgTable(
  'character_tags',
  {
    characterId: uuid('character_id')
      .notNull()
      .references(() => characters.id, { onDelete: 'cascade' }),
    tagName: text('tag_name')
      .notNull()
      .references(() => tags.name, { onDelete: 'cascade', onUpdate: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.characterId, t.tagName] }), index('character_tags_tag_idx').on(t.tagName)],
);

export const characterLikes = pgTable(
  'character_likes',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    characterId: uuid('character_id')
      .notNull()
      .references(() => characters.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.characterId] }),
    index('character_likes_character_idx').on(t.characterId, t.createdAt),
    index('character_likes_created_idx').on(t.createdAt),
    index('character_likes_user_created_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
  ],
);

/** One rating (1–5 stars) per user and character, changeable; only by someone who chatted with the character. */
export const characterRatings = pgTable(
  'character_ratings',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    characterId: uuid('character_id')
      .notNull()
      .references(() => characters.id, { onDelete: 'cascade' }),
    stars: integer('stars').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.characterId, t.userId] }),
    index('character_ratings_user_idx').on(t.userId),
    check('character_ratings_stars', sql`${t.stars} between 1 and 5`),
  ],
);

export const favorites = pgTable(
  'favorites',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    characterId: uuid('character_id')
      .notNull()
      .references(() => characters.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.characterId] }),
    index('favorites_character_idx').on(t.characterId),
    index('favorites_user_created_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
    index('favorites_created_idx').on(t.createdAt),
  ],
);

/**
 * Files that travelled with an imported card (CharX `assets/`): icons other than the portrait, backgrounds,
 * emotions, user icons. Stored re-encoded in media storage and written back into a CharX export in this order.
 */
export const characterAssets = pgTable(
  'character_assets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    characterId: uuid('character_id')
      .notNull()
      .references(() => characters.id, { onDelete: 'cascade' }),
    /** Order in the card's `assets` list. */
    position: integer('position').notNull(),
    /** The card's asset type: icon, background, emotion, user_icon, x-risu-asset… */
    type: text('type').notNull(),
    name: text('name').notNull(),
    ext: text('ext').notNull(),
    url: text('url').notNull(),
    contentType: text('content_type').notNull(),
    bytes: integer('bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('character_assets_character_idx').on(t.characterId, t.position)],
);
export type CharacterAssetRow = typeof characterAssets.$inferSelect;
