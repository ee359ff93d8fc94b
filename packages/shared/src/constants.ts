// Business constants from product.md §3, §5 and §9. Both the server and the web import these; never copy them.

export const PRODUCT_NAME = 'Reverie';
/** Browser storage keys carry this short prefix (product.md §3). */
export const STORAGE_PREFIX = 'rv_';

export const MIN_PASSWORD_LENGTH = 6;
export const TAG_SELECTION = { min: 5, max: 8 } as const;
/** Coins granted when an account is created through Google sign-in. */
export const THIRD_PARTY_SIGNUP_COINS = 15;
/** Amount the add-coins helper sends. */
export const ADD_COINS_AMOUNT = 100;
export const TOP_CREATORS_DEFAULT_PERIOD = 'month';
/** A character with fewer ratings than this shows "New" instead of an average. */
export const RATING_NEW_BELOW = 3;
/** Below this many tags from the API the client uses the built-in fallback set. */
export const MIN_TAGS_FROM_API = 50;

/** nsfwEnabled is sent as true when any selected tag is in this list (product.md §5). */
export const NSFW_PREFERENCE_TAGS = [
  'nsfw',
  'hentai',
  'breeding',
  'femdom',
  'bdsm',
  'bondage',
  'cnc',
  'ntr',
  'chastity',
  'hypno',
  'voyeur',
  'cheating',
  'cuckold',
  'feet',
  'worship',
  'futa',
  'bbw',
  'succubus',
  'pregnant',
  'shortstack',
] as const;

export function preferencesAreNsfw(selectedTags: readonly string[]): boolean {
  const set = new Set<string>(NSFW_PREFERENCE_TAGS);
  return selectedTags.some((t) => set.has(t.toLowerCase()));
}

export interface TagCategoryDef {
  category: string;
  /** Maximum selections: data only, not enforced (product.md §5). null = no limit. */
  maxSelections: number | null;
  required: boolean;
  emoji: string;
  color: string;
  tags: readonly string[];
}

/** The fallback tag set (product.md §3): 10 categories, seeded as the real tag table on the server. */
export const TAG_CATEGORIES: readonly TagCategoryDef[] = [
  {
    category: 'Character Type',
    maxSelections: 1,
    required: true,
    emoji: '🧬',
    color: '#a78bfa',
    tags: ['female', 'male', 'non-binary', 'android', 'alien', 'demon', 'angel', 'vampire'],
  },
  {
    category: 'Genre',
    maxSelections: 3,
    required: false,
    emoji: '📚',
    color: '#60a5fa',
    tags: ['sci-fi', 'fantasy', 'horror', 'romance', 'adventure', 'mystery', 'slice-of-life', 'cyberpunk'],
  },
  {
    category: 'Personality',
    maxSelections: 3,
    required: false,
    emoji: '🎭',
    color: '#f472b6',
    tags: ['confident', 'shy', 'mysterious', 'playful', 'serious', 'caring', 'rebellious', 'intellectual'],
  },
  {
    category: 'Appearance',
    maxSelections: 2,
    required: false,
    emoji: '✨',
    color: '#fbbf24',
    tags: ['long-hair', 'short-hair', 'colorful-hair', 'glasses', 'tattoos', 'piercings', 'scars', 'glowing-eyes'],
  },
  {
    category: 'Origin',
    maxSelections: 1,
    required: false,
    emoji: '🌍',
    color: '#34d399',
    tags: ['human', 'magical', 'divine', 'demonic', 'alien', 'artificial', 'mythical', 'elemental'],
  },
  {
    category: 'Sexuality',
    maxSelections: 1,
    required: false,
    emoji: '💞',
    color: '#fb7185',
    tags: ['straight', 'gay', 'lesbian', 'bisexual', 'pansexual', 'asexual', 'demisexual'],
  },
  {
    category: 'Fantasy',
    maxSelections: null,
    required: false,
    emoji: '🔮',
    color: '#c084fc',
    tags: ['magic-user', 'shapeshifter', 'immortal', 'telepathic', 'elemental-powers', 'time-traveler', 'superhuman', 'cursed'],
  },
  { category: 'Content Rating', maxSelections: 1, required: true, emoji: '🔞', color: '#f87171', tags: ['sfw', 'nsfw', 'suggestive'] },
  {
    category: 'Ethnicity',
    maxSelections: null,
    required: false,
    emoji: '🌐',
    color: '#2dd4bf',
    tags: ['asian', 'european', 'african', 'latino', 'native-american', 'middle-eastern', 'mixed', 'other'],
  },
  {
    category: 'Scenario',
    maxSelections: null,
    required: false,
    emoji: '🏙️',
    color: '#38bdf8',
    tags: ['school', 'workplace', 'fantasy-world', 'modern-city', 'space', 'medieval', 'apocalyptic', 'peaceful'],
  },
];

export interface FallbackTag {
  name: string;
  displayName: string;
  emoji: string;
  color: string;
  isNSFW: boolean;
  category: string;
}

/** Short words that stay lower case inside a tag's display name ("Slice of Life"). */
const MINOR_WORDS = new Set(['of', 'and', 'the', 'in', 'on']);

/** "slice-of-life" → "Slice of Life", "sci-fi" → "Sci-Fi", "non-binary" → "Non-Binary" */
export function tagDisplayName(name: string): string {
  if (name === 'sci-fi') return 'Sci-Fi';
  if (name === 'non-binary') return 'Non-Binary';
  if (name === 'nsfw' || name === 'sfw') return name.toUpperCase();
  return name
    .split('-')
    .map((w, i) => (i > 0 && MINOR_WORDS.has(w) ? w : w.charAt(0).toUpperCase() + w.slice(1)))
    .join(' ');
}

/**
 * The fallback set as a flat list. The spec lists "alien" under both Character Type and Origin; a tag is
 * identified by its name, so the first category keeps it and the repeat is dropped (79 tags).
 */
export const FALLBACK_TAGS: readonly FallbackTag[] = (() => {
  const seen = new Set<string>();
  const out: FallbackTag[] = [];
  for (const c of TAG_CATEGORIES) {
    for (const name of c.tags) {
      if (seen.has(name)) continue;
      seen.add(name);
      out.push({ name, displayName: tagDisplayName(name), emoji: c.emoji, color: c.color, isNSFW: name === 'nsfw', category: c.category });
    }
  }
  return out;
})();

/** The 401 message the browser treats as a dead session (product.md §4: clear tokens and reload). */
export const INVALID_TOKEN_MESSAGE = 'Invalid or expired token';

/** The twelve legal pages of product.md §2, in the order of the route table, then the crisis protocol (issue #44). */
export const LEGAL_SLUGS = [
  'community-guidelines',
  'privacy-policy',
  'terms-of-service',
  'content-policy',
  'blocked-content-policy',
  'cookie-policy',
  'dmca-notice',
  '2257-exemption-statement',
  'age-verification-policy',
  'content-provider-compliance',
  'content-safety-compliance',
  'liability-disclaimer',
  'crisis-protocol',
] as const;
