import { z } from 'zod';
import { CategoryRef, ContentFilter, PageQuery } from './characters.ts';

export const CategoryKind = z.enum(['collection', 'tag-category']);

/** A curated collection ("Trending", "Fantasy worlds") or a tag category ("Genre"); both list characters. */
export const Category = z
  .object({
    id: z.uuid(),
    slug: z.string(),
    name: z.string(),
    kind: CategoryKind,
    description: z.string(),
    emoji: z.string(),
    color: z.string(),
    /** The tags this category matches (a tag category: its tags). Empty for rule-only collections. */
    tagNames: z.array(z.string()),
    /** Public characters in it. */
    characterCount: z.number().int(),
    /** A portrait from it, for the chip or tile. */
    coverUrl: z.string().nullable(),
  })
  .meta({ id: 'Category' });
export type Category = z.infer<typeof Category>;

export const CategoriesQuery = z.object({ kind: CategoryKind.optional() });
export const CategoriesResponse = z.object({ items: z.array(Category) }).meta({ id: 'CategoriesResponse' });

export const CategoryParams = z.object({ id: CategoryRef });
export const CategoryCharactersQuery = PageQuery.extend({ filter: ContentFilter.default('all') });
