import { z } from 'zod';
import { Tag } from './tags.ts';

/** Every paged list answers this shape. */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    page: z.number().int(),
    limit: z.number().int(),
    total: z.number().int(),
    hasMore: z.boolean(),
  });
}

export const MAX_PAGE_LIMIT = 50;
export const DEFAULT_PAGE_LIMIT = 20;

const intParam = (name: string, min: number, max: number, def: number) =>
  z.coerce
    .number<number>({ message: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .min(min, `${name} must be at least ${min}`)
    .max(max, `${name} must be at most ${max}`)
    .default(def);

/** `page` ≥ 1 (at most 10,000) and `limit` 1–50, as the query string carries them. */
export const PageQuery = z.object({
  page: intParam('page', 1, 10_000, 1),
  limit: intParam('limit', 1, MAX_PAGE_LIMIT, DEFAULT_PAGE_LIMIT),
});

export const CharacterVisibility = z.enum(['public', 'unlisted', 'private']);
export type CharacterVisibility = z.infer<typeof CharacterVisibility>;

/**
 * Feed orders. `for-you` ranks by the caller's selected tags, followed creators, popularity and freshness (guests:
 * popularity and freshness); `following` lists followed creators' characters, newest first (sign-in required).
 */
export const CharacterSort = z.enum(['popular', 'new', 'trending', 'top-rated', 'for-you', 'following'], {
  message: 'sort must be one of popular, new, trending, top-rated, for-you, following',
});
export type CharacterSort = z.infer<typeof CharacterSort>;

/** `all` (default) keeps NSFW items, flagged; `sfw` drops them; `nsfw` keeps only them. */
export const ContentFilter = z.enum(['all', 'sfw', 'nsfw'], { message: 'filter must be one of all, sfw, nsfw' });
export type ContentFilter = z.infer<typeof ContentFilter>;

/** A category is named by its id or its slug (`fantasy-worlds`). */
export const CategoryRef = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9-]+$/, 'category must be a category id or slug');

export const TagName = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, 'tag must not be empty')
  .max(50, 'tag must be at most 50 characters')
  .regex(/^[a-z0-9-]+$/, 'tag must be a tag name such as "vampire"');

export const CharactersQuery = PageQuery.extend({
  sort: CharacterSort.default('popular'),
  filter: ContentFilter.default('all'),
  category: CategoryRef.optional(),
  tag: TagName.optional(),
});

export const CharacterCreator = z
  .object({ id: z.uuid(), username: z.string(), avatarUrl: z.string().nullable() })
  .meta({ id: 'CharacterCreator' });
export type CharacterCreator = z.infer<typeof CharacterCreator>;

/** The tag facts a card shows. */
export const CharacterTag = Tag.pick({ name: true, displayName: true, emoji: true, color: true, category: true, isNSFW: true }).meta({
  id: 'CharacterTag',
});
export type CharacterTag = z.infer<typeof CharacterTag>;

/** product.md §3 character list item, plus creator, counters and the caller's like/favorite state. */
export const CharacterListItem = z
  .object({
    id: z.uuid(),
    name: z.string(),
    /** The tagline shown on cards. */
    persona: z.string(),
    description: z.string(),
    /** Portrait (2:3 WebP) URL, or null; `avatarUrl` is the same value (both names are in product.md §3). */
    avatar: z.string().nullable(),
    avatarUrl: z.string().nullable(),
    /** Square thumbnail URL, or null. */
    thumbnailUrl: z.string().nullable(),
    /** false for the seed catalogue, true for characters users made. */
    isUserCreated: z.boolean(),
    nsfw: z.boolean(),
    premium: z.boolean(),
    visibility: CharacterVisibility,
    /** Only for the owner (and staff): moderators hid it; it stays private until they restore it. */
    moderationHidden: z.boolean().optional(),
    chatCount: z.number().int(),
    likes: z.number().int(),
    favorites: z.number().int(),
    /** Average 1–5 of users' ratings (0 = not rated yet); show "New" while ratingCount < RATING_NEW_BELOW. */
    rating: z.number(),
    ratingCount: z.number().int(),
    /** Tag names, in the creator's order (product.md §3 carries all three names). */
    selectedTags: z.array(z.string()),
    tagNames: z.array(z.string()),
    tags: z.array(CharacterTag),
    creator: CharacterCreator,
    /** Present (true/false) when the caller is signed in. */
    isLiked: z.boolean().optional(),
    isFavorite: z.boolean().optional(),
    createdAt: z.string(),
  })
  .meta({ id: 'CharacterListItem' });
export type CharacterListItem = z.infer<typeof CharacterListItem>;

export const CharacterPage = pageOf(CharacterListItem).meta({ id: 'CharacterPage' });
export type CharacterPage = z.infer<typeof CharacterPage>;

/** A lorebook entry (Character Card V2/V3 `character_book.entries[]`, camelCased). */
/** Unknown keys are kept (cards carry tool-specific fields; export must give them back). */
export const CharacterBookEntry = z.looseObject({
  keys: z.array(z.string()),
  content: z.string(),
  /** Absent when the card left it out: enabled, in list order (the spec's defaults, applied by the chat engine). */
  enabled: z.boolean().optional(),
  insertionOrder: z.number().optional(),
  caseSensitive: z.boolean().optional(),
  name: z.string().optional(),
  priority: z.number().optional(),
  id: z.union([z.number(), z.string()]).optional(),
  comment: z.string().optional(),
  selective: z.boolean().optional(),
  secondaryKeys: z.array(z.string()).optional(),
  constant: z.boolean().optional(),
  /** 'before_char' | 'after_char' in the spec; other tools write their own words or numbers, kept as given. */
  position: z.union([z.string(), z.number()]).optional(),
  useRegex: z.boolean().optional(),
  extensions: z.record(z.string(), z.unknown()).optional(),
});
export type CharacterBookEntry = z.infer<typeof CharacterBookEntry>;

export const CharacterBook = z
  .looseObject({
    name: z.string().optional(),
    description: z.string().optional(),
    scanDepth: z.number().optional(),
    tokenBudget: z.number().optional(),
    recursiveScanning: z.boolean().optional(),
    extensions: z.record(z.string(), z.unknown()).optional(),
    entries: z.array(CharacterBookEntry),
  })
  .meta({ id: 'CharacterBook' });
export type CharacterBook = z.infer<typeof CharacterBook>;

/** The prompt-side fields only the owner (and admins) see: what the chat engine and card export use. */
export const CharacterDefinition = z
  .object({
    systemPrompt: z.string(),
    postHistoryInstructions: z.string(),
    characterBook: CharacterBook.nullable(),
    /** Card extensions kept from an import, for re-export. */
    extensions: z.record(z.string(), z.unknown()),
  })
  .meta({ id: 'CharacterDefinition' });
export type CharacterDefinition = z.infer<typeof CharacterDefinition>;

/** The full profile (`GET /api/characters/{id}`). */
export const CharacterProfile = CharacterListItem.extend({
  personality: z.string(),
  scenario: z.string(),
  /** The first message. */
  greeting: z.string(),
  alternateGreetings: z.array(z.string()),
  exampleDialogue: z.string(),
  creatorNotes: z.string(),
  allowDownload: z.boolean(),
  /** The voice its replies are read in (#42); null: the speech service's default. */
  voice: z.string().nullable(),
  isOwner: z.boolean(),
  /** Only for the owner and admins; null for everyone else. */
  definition: CharacterDefinition.nullable(),
  /** Whether the caller follows the creator (absent for guests). */
  isFollowingCreator: z.boolean().optional(),
  updatedAt: z.string(),
}).meta({ id: 'CharacterProfile' });
export type CharacterProfile = z.infer<typeof CharacterProfile>;

export const RatingBody = z.object({
  stars: z.number().int('stars must be a whole number').min(1, 'stars must be at least 1').max(5, 'stars must be at most 5'),
});
export type RatingBody = z.infer<typeof RatingBody>;

/** A character's rating as the caller sees it: average and count of everyone's, the caller's own, and whether they may rate. */
export const RatingResponse = z
  .object({
    rating: z.number(),
    ratingCount: z.number().int(),
    myRating: z.number().int().nullable(),
    canRate: z.boolean(),
    /** Why canRate is false, in words (null when it is true). */
    reason: z.string().nullable(),
  })
  .meta({ id: 'RatingResponse' });
export type RatingResponse = z.infer<typeof RatingResponse>;

export const LikeResponse = z.object({ isLiked: z.boolean(), likes: z.number().int() }).meta({ id: 'LikeResponse' });
export type LikeResponse = z.infer<typeof LikeResponse>;

export const LikedCharactersQuery = PageQuery.extend({
  limit: intParam('limit', 1, 200, 50),
});
/** The user's liked characters, most recently liked first. */
export const LikedCharactersResponse = z
  .object({
    likedCharacters: z.array(CharacterListItem),
    page: z.number().int(),
    limit: z.number().int(),
    total: z.number().int(),
    hasMore: z.boolean(),
  })
  .meta({ id: 'LikedCharactersResponse' });
export type LikedCharactersResponse = z.infer<typeof LikedCharactersResponse>;

export const UserCharactersQuery = PageQuery.extend({
  sort: z.enum(['new', 'popular'], { message: 'sort must be new or popular' }).default('new'),
});

export const CharacterIdBody = z.object({ characterId: z.uuid({ message: 'characterId must be a valid id' }) });

export const FavoriteResponse = z.object({ isFavorite: z.boolean(), favorites: z.number().int() }).meta({ id: 'FavoriteResponse' });
export type FavoriteResponse = z.infer<typeof FavoriteResponse>;

/** At most this many local ids are merged per request. */
export const MERGE_LOCAL_MAX = 200;
export const MergeLocalBody = z
  .object({
    likedCharacterIds: z
      .array(z.uuid({ message: 'likedCharacterIds must hold character ids' }))
      .max(MERGE_LOCAL_MAX, `At most ${MERGE_LOCAL_MAX} liked ids at once`)
      .default([]),
    favoriteCharacterIds: z
      .array(z.uuid({ message: 'favoriteCharacterIds must hold character ids' }))
      .max(MERGE_LOCAL_MAX, `At most ${MERGE_LOCAL_MAX} favorite ids at once`)
      .default([]),
  })
  .meta({ id: 'MergeLocalBody' });
/** What the merge added; ids of characters that do not exist or are not visible are skipped silently. */
export const MergeLocalResponse = z
  .object({
    liked: z.number().int(),
    favorited: z.number().int(),
    skipped: z.number().int(),
  })
  .meta({ id: 'MergeLocalResponse' });
