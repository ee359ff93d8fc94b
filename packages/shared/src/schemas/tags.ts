import { z } from 'zod';
import { text } from './text.ts';

export const Tag = z
  .object({
    id: z.uuid(),
    name: z.string(),
    displayName: z.string(),
    emoji: z.string(),
    color: z.string(),
    isNSFW: z.boolean(),
    category: z.string(),
    categoryMaxSelections: z.number().int().nullable(),
    categoryRequired: z.boolean(),
  })
  .meta({ id: 'Tag' });
export type Tag = z.infer<typeof Tag>;

export const TagsQuery = z.object({
  limit: z.coerce.number<number>().int().min(0).max(1000).default(0),
  category: text({ max: 50 }).optional(),
});
export const TagsResponse = z.object({ items: z.array(Tag), total: z.number().int() }).meta({ id: 'TagsResponse' });
