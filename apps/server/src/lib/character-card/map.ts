import { hasLoneSurrogate } from '@reverie/shared';
import { DATA_FIELDS, locateCard } from './card-layout.ts';
import { CardError } from './errors.ts';
import { isObject, Mapper } from './field-mapper.ts';
import type { CardAsset, CardBook, CardBookEntry, CardCharacter, CardImportReport, CardLayout, JsonObject } from './types.ts';

/** The sentence V3 asks exporters to put in a backfilled V2 `chara` chunk; removed again on import. */
export const V2_BACKFILL_NOTE =
  'This character card is Character Card V3, but it is loaded as a Character Card V2. Please use a Character Card V3 compatible application to use this character card properly.';

export const REVERIE_EXTENSION = 'reverie';

export { isObject };

const BOOK_FIELDS = new Set(['name', 'description', 'scan_depth', 'token_budget', 'recursive_scanning', 'extensions', 'entries']);

/** Copies the keys a spec does not define, so that exporting gives them back unchanged. */
function unknownKeys(obj: JsonObject, known: Set<string>): JsonObject {
  return Object.fromEntries(Object.entries(obj).filter(([k]) => !known.has(k)));
}

function mapEntry(m: Mapper, raw: unknown, index: number, path: string): CardBookEntry | undefined {
  if (!isObject(raw)) {
    m.drop(path, 'is not an object');
    return undefined;
  }
  const entry: CardBookEntry = {
    ...raw,
    keys: m.texts(raw, 'keys', `${path}.keys`),
    content: m.text(raw, 'content', `${path}.content`),
  };
  // Spec fields the source left out stay out (nothing is added on export); wrong types are dropped and reported.
  const typed = {
    extensions: raw.extensions === undefined ? undefined : m.object(raw, 'extensions', `${path}.extensions`),
    enabled: m.bool(raw, 'enabled', `${path}.enabled`),
    insertion_order: m.number(raw, 'insertion_order', `${path}.insertion_order`),
    use_regex: m.bool(raw, 'use_regex', `${path}.use_regex`),
  };
  for (const [k, v] of Object.entries(typed)) {
    if (v === undefined) delete entry[k];
    else entry[k] = v;
  }
  const optional = {
    case_sensitive: m.bool(raw, 'case_sensitive', `${path}.case_sensitive`),
    constant: m.bool(raw, 'constant', `${path}.constant`),
    selective: m.bool(raw, 'selective', `${path}.selective`),
    name: m.optionalText(raw, 'name', `${path}.name`),
    comment: m.optionalText(raw, 'comment', `${path}.comment`),
    priority: m.number(raw, 'priority', `${path}.priority`),
    secondary_keys: m.optionalTexts(raw, 'secondary_keys', `${path}.secondary_keys`),
  };
  for (const [k, v] of Object.entries(optional)) {
    if (v === undefined) delete entry[k];
    else entry[k] = v;
  }
  if (raw.id !== undefined && typeof raw.id !== 'number' && typeof raw.id !== 'string') {
    m.drop(`${path}.id`, 'is not a number or text');
    delete entry.id;
  }
  if (raw.position !== undefined && typeof raw.position !== 'string' && typeof raw.position !== 'number') {
    m.drop(`${path}.position`, 'is not text or a number');
    delete entry.position;
  }
  return entry;
}

/** `null` stays null (the card said "no lorebook" in those words, and an export says it again). */
function mapBook(m: Mapper, raw: unknown): CardBook | null | undefined {
  if (raw === null) return null;
  if (raw === undefined) return undefined;
  if (!isObject(raw)) {
    m.drop('data.character_book', 'is not an object');
    return undefined;
  }
  const entriesRaw = raw.entries ?? [];
  if (!Array.isArray(entriesRaw)) {
    m.drop('data.character_book.entries', 'is not a list');
  }
  const entries = (Array.isArray(entriesRaw) ? entriesRaw : [])
    .map((e, i) => mapEntry(m, e, i, `data.character_book.entries[${i}]`))
    .filter((e): e is CardBookEntry => e !== undefined);
  const book: CardBook = { ...unknownKeys(raw, BOOK_FIELDS), entries };
  if (raw.extensions !== undefined) book.extensions = m.object(raw, 'extensions', 'data.character_book.extensions');
  const optional = {
    name: m.optionalText(raw, 'name', 'data.character_book.name'),
    description: m.optionalText(raw, 'description', 'data.character_book.description'),
    scan_depth: m.number(raw, 'scan_depth', 'data.character_book.scan_depth'),
    token_budget: m.number(raw, 'token_budget', 'data.character_book.token_budget'),
    recursive_scanning: m.bool(raw, 'recursive_scanning', 'data.character_book.recursive_scanning'),
  };
  for (const [k, v] of Object.entries(optional)) if (v !== undefined) book[k] = v;
  return book;
}

function mapAssets(m: Mapper, raw: unknown): CardAsset[] | undefined {
  if (raw === undefined || raw === null) return undefined;
  if (!Array.isArray(raw)) {
    m.drop('data.assets', 'is not a list');
    return undefined;
  }
  const out: CardAsset[] = [];
  raw.forEach((a, i) => {
    const path = `data.assets[${i}]`;
    if (!isObject(a) || typeof a.type !== 'string' || typeof a.uri !== 'string') {
      m.drop(path, 'is not an asset with a type and a uri');
      return;
    }
    out.push({
      ...a,
      type: a.type,
      uri: a.uri,
      name: typeof a.name === 'string' ? a.name : '',
      ext: typeof a.ext === 'string' ? a.ext : 'unknown',
    });
  });
  return out;
}

function mapLanguages(m: Mapper, raw: unknown): Record<string, string> | undefined {
  if (raw === undefined || raw === null) return undefined;
  if (!isObject(raw)) {
    m.drop('data.creator_notes_multilingual', 'is not an object');
    return undefined;
  }
  const out: [string, string][] = [];
  for (const [lang, text] of Object.entries(raw)) {
    if (typeof text === 'string') out.push([lang, text]);
    else m.drop(`data.creator_notes_multilingual.${lang}`, 'is not text');
  }
  return Object.fromEntries(out);
}

/** Takes Reverie's own keys out of `extensions` (they become card fields) and leaves everything else alone. */
function splitExtensions(extensions: JsonObject): { extensions: JsonObject; tagline: string } {
  const ours = extensions[REVERIE_EXTENSION];
  if (!isObject(ours) || typeof ours.tagline !== 'string') return { extensions, tagline: '' };
  const rest = unknownKeys(ours, new Set(['tagline']));
  const others = unknownKeys(extensions, new Set([REVERIE_EXTENSION]));
  return {
    tagline: ours.tagline,
    extensions: Object.keys(rest).length > 0 ? { ...others, [REVERIE_EXTENSION]: rest } : others,
  };
}

function mapData(m: Mapper, data: JsonObject, format: 'v1' | 'v2' | 'v3'): CardCharacter {
  const p = (k: string) => (format === 'v1' ? k : `data.${k}`);
  let creatorNotes = m.text(data, 'creator_notes', p('creator_notes'));
  if (format === 'v2' && creatorNotes.startsWith(V2_BACKFILL_NOTE)) {
    creatorNotes = creatorNotes.slice(V2_BACKFILL_NOTE.length).replace(/^\n\n/, '');
  }
  const { extensions, tagline } = splitExtensions(m.object(data, 'extensions', p('extensions')));
  const card: CardCharacter = {
    name: m.text(data, 'name', p('name')),
    tagline,
    description: m.text(data, 'description', p('description')),
    personality: m.text(data, 'personality', p('personality')),
    scenario: m.text(data, 'scenario', p('scenario')),
    firstMes: m.text(data, 'first_mes', p('first_mes')),
    alternateGreetings: m.texts(data, 'alternate_greetings', p('alternate_greetings')),
    groupOnlyGreetings: m.texts(data, 'group_only_greetings', p('group_only_greetings')),
    mesExample: m.text(data, 'mes_example', p('mes_example')),
    systemPrompt: m.text(data, 'system_prompt', p('system_prompt')),
    postHistoryInstructions: m.text(data, 'post_history_instructions', p('post_history_instructions')),
    creatorNotes,
    tags: m.texts(data, 'tags', p('tags')),
    creator: m.text(data, 'creator', p('creator')),
    characterVersion: m.text(data, 'character_version', p('character_version')),
    extensions,
    unknownFields: format === 'v1' ? {} : unknownKeys(data, DATA_FIELDS),
  };
  const optional: Partial<CardCharacter> = {
    nickname: m.optionalText(data, 'nickname', p('nickname')),
    characterBook: mapBook(m, data.character_book),
    assets: mapAssets(m, data.assets),
    creatorNotesMultilingual: mapLanguages(m, data.creator_notes_multilingual),
    source: m.optionalTexts(data, 'source', p('source')),
    creationDate: m.date(data, 'creation_date', p('creation_date')),
    modificationDate: m.date(data, 'modification_date', p('modification_date')),
  };
  for (const [k, v] of Object.entries(optional)) if (v !== undefined) (card as unknown as JsonObject)[k] = v;
  return card;
}

const MAPPED_ORDER: (keyof CardCharacter)[] = [
  'name',
  'nickname',
  'tagline',
  'description',
  'personality',
  'scenario',
  'firstMes',
  'alternateGreetings',
  'groupOnlyGreetings',
  'mesExample',
  'systemPrompt',
  'postHistoryInstructions',
  'creatorNotes',
  'creatorNotesMultilingual',
  'tags',
  'creator',
  'characterVersion',
  'characterBook',
  'extensions',
  'assets',
  'source',
  'creationDate',
  'modificationDate',
  'unknownFields',
];

function filled(v: unknown): boolean {
  if (v === undefined || v === '') return false;
  if (Array.isArray(v)) return v.length > 0;
  if (isObject(v)) return Object.keys(v).length > 0;
  return true;
}

/**
 * Maps a parsed card JSON object (V1 flat, V2 or V3) onto CardCharacter. Throws UNKNOWN_SPEC for objects that are
 * not character cards.
 */
export function mapCardObject(json: unknown, source: 'png' | 'json'): { card: CardCharacter; report: CardImportReport } {
  if (!isObject(json)) throw new CardError('UNKNOWN_SPEC', 'The file does not contain a character card (expected a JSON object).');
  // A lone surrogate ("\ud800") anywhere (extensions, lorebook, keys too) cannot be stored in jsonb: refused here.
  if (hasLoneSurrogate(json)) {
    throw new CardError(
      'BAD_JSON',
      'The card contains a broken character (half of a UTF-16 pair); fix it in the card and import it again.',
    );
  }
  const m = new Mapper();
  const { format, data, topLevelExtras } = locateCard(json, m);
  const card = mapData(m, data, format);
  const layout: CardLayout = {
    spec: format,
    topLevel: Object.keys(json),
    topLevelExtras,
    dataKeys: format === 'v1' ? [] : Object.keys(data),
  };
  card.layout = layout;
  const kept = Object.keys(card.unknownFields);
  if (kept.length > 0)
    m.warnings.push(`Fields that no card format defines were kept as they are: ${kept.map((k) => `data.${k}`).join(', ')}.`);
  const topLevel = m.dropped.filter((d) => !d.includes('.') && !d.includes('['));
  if (topLevel.length > 0) m.warnings.push(`Not kept: ${topLevel.join(', ')}.`);
  const mapped = MAPPED_ORDER.filter((k) => filled(card[k])).map(String);
  return { card, report: { format, source, mapped, dropped: m.dropped, warnings: m.warnings } };
}

/** The V3 `data` object for a card; V2 fields are a subset of it. */
export function toV3Data(card: CardCharacter): JsonObject {
  const extensions: JsonObject =
    card.tagline !== ''
      ? {
          ...card.extensions,
          [REVERIE_EXTENSION]: {
            ...(isObject(card.extensions[REVERIE_EXTENSION]) ? card.extensions[REVERIE_EXTENSION] : {}),
            tagline: card.tagline,
          },
        }
      : card.extensions;
  const data: JsonObject = {
    ...card.unknownFields,
    name: card.name,
    description: card.description,
    personality: card.personality,
    scenario: card.scenario,
    first_mes: card.firstMes,
    mes_example: card.mesExample,
    creator_notes: card.creatorNotes,
    system_prompt: card.systemPrompt,
    post_history_instructions: card.postHistoryInstructions,
    alternate_greetings: card.alternateGreetings,
    tags: card.tags,
    creator: card.creator,
    character_version: card.characterVersion,
    extensions,
    group_only_greetings: card.groupOnlyGreetings,
  };
  const optional: JsonObject = {
    character_book: card.characterBook,
    assets: card.assets,
    nickname: card.nickname,
    creator_notes_multilingual: card.creatorNotesMultilingual,
    source: card.source,
    creation_date: card.creationDate,
    modification_date: card.modificationDate,
  };
  for (const [k, v] of Object.entries(optional)) if (v !== undefined) data[k] = v;
  return data;
}
