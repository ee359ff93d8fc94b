import { z } from 'zod';

/*
 * A second, independent reader of Character Card V2 and V3: the two specs' TypeScript definitions written down as
 * zod schemas, from the spec texts, sharing nothing with map.ts. Our exports must satisfy them. Optional keys of the
 * lorebook entry that the spec marks required are checked by `strictEntries` only for cards made here; an imported
 * card keeps what its own author wrote.
 */

const Extensions = z.record(z.string(), z.unknown());

const Entry = z.looseObject({
  keys: z.array(z.string()),
  content: z.string(),
  extensions: Extensions.optional(),
  enabled: z.boolean().optional(),
  insertion_order: z.number().optional(),
  case_sensitive: z.boolean().optional(),
  use_regex: z.boolean().optional(),
  constant: z.boolean().optional(),
  name: z.string().optional(),
  priority: z.number().optional(),
  id: z.union([z.number(), z.string()]).optional(),
  comment: z.string().optional(),
  selective: z.boolean().optional(),
  secondary_keys: z.array(z.string()).optional(),
  position: z.union([z.enum(['before_char', 'after_char']), z.number(), z.string()]).optional(),
});

const Book = z.looseObject({
  name: z.string().optional(),
  description: z.string().optional(),
  scan_depth: z.number().optional(),
  token_budget: z.number().optional(),
  recursive_scanning: z.boolean().optional(),
  extensions: Extensions.optional(),
  entries: z.array(Entry),
});

const V2Data = z.looseObject({
  name: z.string(),
  description: z.string(),
  personality: z.string(),
  scenario: z.string(),
  first_mes: z.string(),
  mes_example: z.string(),
  creator_notes: z.string(),
  system_prompt: z.string(),
  post_history_instructions: z.string(),
  alternate_greetings: z.array(z.string()),
  character_book: Book.optional(),
  tags: z.array(z.string()),
  creator: z.string(),
  character_version: z.string(),
  extensions: Extensions,
});

export const V2Card = z.looseObject({ spec: z.literal('chara_card_v2'), spec_version: z.literal('2.0'), data: V2Data });

const Asset = z.looseObject({ type: z.string(), uri: z.string(), name: z.string(), ext: z.string() });

export const V3Card = z.looseObject({
  spec: z.literal('chara_card_v3'),
  spec_version: z.literal('3.0'),
  data: V2Data.extend({
    group_only_greetings: z.array(z.string()),
    assets: z.array(Asset).optional(),
    nickname: z.string().optional(),
    creator_notes_multilingual: z.record(z.string(), z.string()).optional(),
    source: z.array(z.string()).optional(),
    creation_date: z.number().optional(),
    modification_date: z.number().optional(),
  }),
});

/** Throws with every problem when `json` is not a valid card of either spec. */
export function assertSpecCard(json: unknown): 'v2' | 'v3' {
  const spec = (json as { spec?: unknown }).spec;
  const schema = spec === 'chara_card_v3' ? V3Card : V2Card;
  const result = schema.safeParse(json);
  if (!result.success) throw new Error(`not a valid ${String(spec)} card: ${z.prettifyError(result.error)}`);
  return spec === 'chara_card_v3' ? 'v3' : 'v2';
}
