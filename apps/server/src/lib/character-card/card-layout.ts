// Where a card keeps its fields: V2 and V3 in `data` (with whatever tools repeat or add beside it), V1 flat at the
// top level (older exports under other names). The rest of the top level is kept as it came, for export.
import { isDeepStrictEqual } from 'node:util';
import { CardError } from './errors.ts';
import { isObject, type Mapper } from './field-mapper.ts';
import type { CardImportReport, JsonObject } from './types.ts';

const V1_FIELDS = ['name', 'description', 'personality', 'scenario', 'first_mes', 'mes_example'] as const;
// Older Pygmalion/Gradio exports.
const V1_ALIASES: Record<string, (typeof V1_FIELDS)[number]> = {
  char_name: 'name',
  char_persona: 'description',
  world_scenario: 'scenario',
  char_greeting: 'first_mes',
  example_dialogue: 'mes_example',
};
/** The fields V2 and V3 define inside `data`. */
export const DATA_FIELDS = new Set([
  ...V1_FIELDS,
  'creator_notes',
  'system_prompt',
  'post_history_instructions',
  'alternate_greetings',
  'character_book',
  'tags',
  'creator',
  'character_version',
  'extensions',
  'assets',
  'nickname',
  'creator_notes_multilingual',
  'source',
  'group_only_greetings',
  'creation_date',
  'modification_date',
]);
const TOP_LEVEL_KNOWN = new Set<string>(['spec', 'spec_version', 'data']);

/** A card's fields (`data`), its format, and the top-level keys kept beside them. */
export interface LocatedCard {
  format: CardImportReport['format'];
  data: JsonObject;
  topLevelExtras: JsonObject;
}

/** A V2 or V3 card: its `data`, and the top-level keys beside it. */
function locateSpecData(json: JsonObject, format: 'v2' | 'v3', m: Mapper): LocatedCard {
  if (!isObject(json.data))
    throw new CardError('INVALID_FIELDS', `The ${format.toUpperCase()} card has no "data" object.`, [
      { field: 'data', message: 'missing' },
    ]);
  const data = json.data;
  const topLevelExtras: JsonObject = {};
  const version = Number.parseFloat(String(json.spec_version ?? ''));
  if (format === 'v3' && version > 3) {
    m.warnings.push(
      `The card was made for a newer version of the V3 format (${String(json.spec_version)}); fields this app does not know were kept as they are.`,
    );
  }
  // Tools that write V2/V3 often repeat card fields at the top level (SillyTavern writes the V1 fields and more).
  // Identical copies are the card itself; other keys (application data such as `chat` or `avatar`) are kept
  // as they are for export. Only a copy that disagrees with `data` is not kept: `data` wins.
  for (const [k, v] of Object.entries(json)) {
    if (TOP_LEVEL_KNOWN.has(k)) continue;
    if (DATA_FIELDS.has(k) && k in data) {
      if (!isDeepStrictEqual(v, data[k])) {
        m.dropped.push(k);
        m.warnings.push(`The top-level "${k}" differs from the card's own "${k}"; the card's own was used.`);
      }
      continue;
    }
    topLevelExtras[k] = v;
  }
  return { format, data, topLevelExtras };
}

/** Some exporters forget "spec" but nest the card like V2: read as V2, and said. */
function locateSpeclessV2(json: JsonObject, data: JsonObject, m: Mapper): LocatedCard {
  const topLevelExtras: JsonObject = {};
  m.warnings.push('The card has no "spec" field but is laid out like a V2 card; it was read as V2.');
  for (const [k, v] of Object.entries(json)) {
    if (TOP_LEVEL_KNOWN.has(k) || (DATA_FIELDS.has(k) && isDeepStrictEqual(v, data[k]))) continue;
    if (DATA_FIELDS.has(k) && k in data) m.dropped.push(k);
    else topLevelExtras[k] = v;
  }
  return { format: 'v2', data, topLevelExtras };
}

/** A V1 card: its flat fields (older names read as the V1 ones) become `data`. */
function locateV1(json: JsonObject): LocatedCard {
  const hasV1 = V1_FIELDS.some((k) => typeof json[k] === 'string') || Object.keys(V1_ALIASES).some((k) => typeof json[k] === 'string');
  if (!hasV1 || (typeof json.name !== 'string' && typeof json.char_name !== 'string')) {
    throw new CardError(
      'UNKNOWN_SPEC',
      'The file does not look like a character card (no "spec" and no card fields such as "name" and "description").',
    );
  }
  const topLevelExtras: JsonObject = {};
  const entries: [string, unknown][] = [];
  for (const [k, v] of Object.entries(json)) {
    if ((V1_FIELDS as readonly string[]).includes(k)) entries.push([k, v]);
    else if (V1_ALIASES[k] && json[V1_ALIASES[k]] === undefined) entries.push([V1_ALIASES[k], v]);
    else if (k === 'tags') entries.push(['tags', v]);
    else if (k === 'creatorcomment') entries.push(['creator_notes', v]);
    // Application data beside a V1 card (SillyTavern's `chat`, `avatar`, `create_date`…) travels back as it came.
    else topLevelExtras[k] = v;
  }
  return { format: 'v1', data: Object.fromEntries(entries), topLevelExtras };
}

/** Finds a card's fields by its "spec" (or its layout without one); throws UNKNOWN_SPEC for anything else. */
export function locateCard(json: JsonObject, m: Mapper): LocatedCard {
  if (json.spec === 'chara_card_v2' || json.spec === 'chara_card_v3') {
    return locateSpecData(json, json.spec === 'chara_card_v3' ? 'v3' : 'v2', m);
  }
  if (json.spec === undefined && isObject(json.data) && typeof json.data.name === 'string') return locateSpeclessV2(json, json.data, m);
  if (typeof json.spec === 'string') {
    throw new CardError(
      'UNKNOWN_SPEC',
      `The card uses the format "${json.spec.slice(0, 40)}", which is not supported. Supported: chara_card_v2, chara_card_v3 and V1 cards.`,
    );
  }
  return locateV1(json);
}
