import { TAG_CATEGORIES } from '@reverie/shared';
import type { Db } from '../client.ts';
import { categories, type CategoryRule } from '../schema/index.ts';
import { seedId } from './ids.ts';

interface CollectionDef {
  slug: string;
  name: string;
  description: string;
  emoji: string;
  color: string;
  tagNames: string[];
  rule: CategoryRule;
}

/** Curated collections: data, not code paths. A collection lists public characters with any of its tags, in its order. */
export const COLLECTIONS: CollectionDef[] = [
  {
    slug: 'trending',
    name: 'Trending',
    description: 'Most liked and favorited this week.',
    emoji: '🔥',
    color: '#f97316',
    tagNames: [],
    rule: { sort: 'trending' },
  },
  {
    slug: 'new',
    name: 'New',
    description: 'Fresh arrivals from the last month.',
    emoji: '✨',
    color: '#a3e635',
    tagNames: [],
    rule: { sort: 'new', maxAgeDays: 30 },
  },
  {
    slug: 'top-rated',
    name: 'Top rated',
    description: 'The best rated characters.',
    emoji: '⭐',
    color: '#facc15',
    tagNames: [],
    rule: { sort: 'top-rated', minRatings: 1 },
  },
  {
    slug: 'fantasy-worlds',
    name: 'Fantasy worlds',
    description: 'Sorceresses, cursed knights and kingdoms with long memories.',
    emoji: '🐉',
    color: '#c084fc',
    tagNames: ['fantasy', 'fantasy-world', 'medieval', 'magic-user'],
    rule: { sort: 'popular' },
  },
  {
    slug: 'gothic-nights',
    name: 'Gothic nights',
    description: 'Vampires, haunted halls and candlelit bad decisions.',
    emoji: '🦇',
    color: '#be123c',
    tagNames: ['vampire', 'horror', 'cursed'],
    rule: { sort: 'popular' },
  },
  {
    slug: 'among-the-stars',
    name: 'Among the stars',
    description: 'Freighter crews, first contact and androids with opinions.',
    emoji: '🚀',
    color: '#60a5fa',
    tagNames: ['sci-fi', 'space', 'alien', 'android'],
    rule: { sort: 'popular' },
  },
  {
    slug: 'neon-city',
    name: 'Neon city',
    description: 'Rain on glass, heists and tired, funny people.',
    emoji: '🌆',
    color: '#22d3ee',
    tagNames: ['cyberpunk'],
    rule: { sort: 'popular' },
  },
  {
    slug: 'angels-and-demons',
    name: 'Angels & demons',
    description: 'The fallen, the faithful and the ones keeping the books.',
    emoji: '😇',
    color: '#fbbf24',
    tagNames: ['angel', 'demon', 'divine', 'demonic'],
    rule: { sort: 'popular' },
  },
  {
    slug: 'slow-burn-romance',
    name: 'Slow-burn romance',
    description: 'Patience, longing and a first message worth waiting for.',
    emoji: '💞',
    color: '#f472b6',
    tagNames: ['romance'],
    rule: { sort: 'popular' },
  },
  {
    slug: 'mysteries',
    name: 'Mysteries to solve',
    description: 'Inspectors, con artists and a magician who vanished.',
    emoji: '🔍',
    color: '#94a3b8',
    tagNames: ['mystery'],
    rule: { sort: 'popular' },
  },
];

export const categorySlug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** Seeds the collections and one category per tag category (product.md §3); idempotent, definitions refreshed. */
export async function seedCategories(db: Db): Promise<void> {
  let position = 0;
  const rows: (typeof categories.$inferInsert)[] = [];
  for (const c of COLLECTIONS) {
    rows.push({ id: seedId('category', c.slug), kind: 'collection', position: position++, ...c });
  }
  for (const c of TAG_CATEGORIES) {
    const slug = categorySlug(c.category);
    rows.push({
      id: seedId('category', slug),
      slug,
      name: c.category,
      kind: 'tag-category',
      description: `Characters by ${c.category.toLowerCase()}.`,
      emoji: c.emoji,
      color: c.color,
      tagNames: [...c.tags],
      rule: { sort: 'popular' },
      position: position++,
    });
  }
  await db.insert(categories).values(rows).onConflictDoNothing({ target: categories.slug });
}
