import { z } from 'zod';
import { text } from './text.ts';
import { CharacterListItem, ContentFilter, DEFAULT_PAGE_LIMIT } from './characters.ts';
import { CreatorSummary } from './social.ts';
import { Tag } from './tags.ts';

export const SearchType = z.enum(['characters', 'creators', 'tags'], { message: 'type must be characters, creators or tags' });
export type SearchType = z.infer<typeof SearchType>;

/**
 * `type` is sent as `type[]=characters&type[]=creators` (the server also accepts `type=characters`); absent = all
 * three. `page`/`limit` page each type's results.
 */
export const SearchQuery = z.object({
  q: text({
    required: 'q is required',
    min: 1,
    max: 100,
    tooShort: 'Type something to search for',
    tooLong: 'Search text must be at most 100 characters',
  }),
  type: z.union([SearchType, z.array(SearchType).max(3)], { error: 'type must be characters, creators or tags' }).optional(),
  page: z.coerce
    .number<number>({ message: 'page must be a number' })
    .int('page must be a whole number')
    .min(1, 'page must be at least 1')
    .max(100, 'page must be at most 100')
    .default(1),
  limit: z.coerce
    .number<number>({ message: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(50, 'limit must be at most 50')
    .default(DEFAULT_PAGE_LIMIT),
  filter: ContentFilter.default('all'),
});

const hits = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), total: z.number().int() });

/** Each requested type has `{ items, total }`; types not asked for come back empty. */
export const SearchResponse = z
  .object({
    q: z.string(),
    page: z.number().int(),
    limit: z.number().int(),
    characters: hits(CharacterListItem),
    creators: hits(CreatorSummary),
    tags: hits(Tag),
  })
  .meta({ id: 'SearchResponse' });
export type SearchResponse = z.infer<typeof SearchResponse>;
