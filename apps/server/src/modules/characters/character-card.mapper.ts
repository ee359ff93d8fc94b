// Characters ↔ Character Cards. A card's lorebook is stored camelCased (as the chat engine and the profile read it)
// and every card field without a column of its own travels in `card_extras`, so import → export gives the card back.
import { CONTENT_RATING_TAGS, voiceIdOf } from '@reverie/shared';
import type { CardBook, CardBookEntry, CardCharacter } from '../../lib/character-card/index.ts';
import type { CardExtrasData, CharacterBookData, CharacterBookEntryData, CharacterRow } from './characters.repo.ts';

/** Card key ↔ stored key, for the lorebook fields the spec names in snake_case. */
const ENTRY_KEYS: Array<[string, string]> = [
  ['insertion_order', 'insertionOrder'],
  ['case_sensitive', 'caseSensitive'],
  ['secondary_keys', 'secondaryKeys'],
  ['use_regex', 'useRegex'],
];
const BOOK_KEYS: Array<[string, string]> = [
  ['scan_depth', 'scanDepth'],
  ['token_budget', 'tokenBudget'],
  ['recursive_scanning', 'recursiveScanning'],
];

function renameKeys<T extends Record<string, unknown>>(obj: Record<string, unknown>, pairs: Array<[string, string]>, reverse: boolean): T {
  const out: Record<string, unknown> = {};
  const rename = new Map(pairs.map(([card, stored]) => (reverse ? [stored, card] : [card, stored])));
  for (const [k, v] of Object.entries(obj)) out[rename.get(k) ?? k] = v;
  return out as T;
}

export function bookFromCard(book: CardBook | null | undefined): CharacterBookData | null {
  if (!book) return null;
  const { entries, ...rest } = book;
  return {
    ...renameKeys<Record<string, unknown>>(rest, BOOK_KEYS, false),
    entries: entries.map((e) => renameKeys<CharacterBookEntryData>(e, ENTRY_KEYS, false)),
  };
}

export function bookToCard(book: CharacterBookData | null): CardBook | undefined {
  if (!book) return undefined;
  const { entries, ...rest } = book;
  // Exactly the stored keys: nothing the imported card did not have is added.
  return {
    ...renameKeys<Record<string, unknown>>(rest, BOOK_KEYS, true),
    entries: entries.map((e) => renameKeys<Record<string, unknown>>(e, ENTRY_KEYS, true) as CardBookEntry),
  };
}

/** "Slice of Life" → "slice-of-life": how a card's free-form tag would be spelled as a Reverie tag name. */
export function tagNameOf(cardTag: string): string {
  return cardTag
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, '-')
    .replace(/[^a-z0-9-]/g, '');
}

/** Tags that say a card is explicit (Chub, SillyTavern and RisuAI spell them differently). */
const EXPLICIT_TAGS = new Set([
  'nsfw',
  'explicit',
  'adult',
  '18',
  'r18',
  'r-18',
  'smut',
  'lewd',
  'porn',
  'hentai',
  'erotic',
  'erotica',
  'nsfl',
]);
const SUGGESTIVE_TAGS = new Set(['suggestive', 'ecchi', 'romance-nsfw']);
const SAFE_TAGS = new Set(['sfw', 'safe', 'family-friendly', 'all-ages']);

export const CARD_RATINGS = ['sfw', 'suggestive', 'nsfw'] as const;
export type CardRating = (typeof CARD_RATINGS)[number];

/** The rating a card's own tags declare, or undefined when they declare none (the most explicit wins). */
export function ratingFromTags(cardTags: string[]): CardRating | undefined {
  const names = new Set(cardTags.map(tagNameOf));
  if ([...names].some((n) => EXPLICIT_TAGS.has(n))) return 'nsfw';
  if ([...names].some((n) => SUGGESTIVE_TAGS.has(n))) return 'suggestive';
  if ([...names].some((n) => SAFE_TAGS.has(n))) return 'sfw';
  return undefined;
}

/**
 * The Reverie tags of an imported card: its tags that are known tag names (in order, at most `max`), with exactly
 * one content rating: the one the importer chose, else the one the card's tags declare. Without either the card is
 * not rated (`rating` undefined): the importer is asked.
 */
export function tagsFromCard(
  cardTags: string[],
  known: ReadonlySet<string>,
  max: number,
  chosen?: CardRating,
): { tags: string[]; rating: CardRating | undefined } {
  const names = [...new Set(cardTags.map(tagNameOf).filter((n) => known.has(n)))];
  const rating = chosen ?? ratingFromTags(cardTags);
  const others = names.filter((n) => !CONTENT_RATING_TAGS.includes(n)).slice(0, max - 1);
  return { tags: rating ? [...others, rating] : others, rating };
}

/**
 * The tags an export carries: the card's own tags as they were written (minus ones that name a Reverie tag the
 * character no longer has), then the Reverie tags chosen after the import (a card made here: all of its tags).
 */
export function exportTags(row: Pick<CharacterRow, 'tagNames' | 'cardExtras'>, known: ReadonlySet<string>): string[] {
  const current = new Set(row.tagNames);
  const kept = (row.cardExtras.tags ?? []).filter((t) => {
    const name = tagNameOf(t);
    return !known.has(name) || current.has(name);
  });
  const covered = new Set([...kept.map(tagNameOf), ...(row.cardExtras.importedTagNames ?? [])]);
  return [...kept, ...row.tagNames.filter((n) => !covered.has(n))];
}

/**
 * The character's voice (#42) travels in the card under `extensions.reverie.voice`, beside whatever else the card's
 * extensions hold; the column is the truth, so an export writes it (or removes a stale one) and an import reads it.
 */
export function withVoice(extensions: Record<string, unknown>, voice: string | null): Record<string, unknown> {
  const ours = (typeof extensions.reverie === 'object' && extensions.reverie !== null ? extensions.reverie : {}) as Record<string, unknown>;
  const { voice: _old, ...rest } = ours;
  const reverie = voice ? { ...rest, voice } : rest;
  const { reverie: _ours, ...others } = extensions;
  return Object.keys(reverie).length ? { ...others, reverie } : others;
}

export function voiceFromExtensions(extensions: Record<string, unknown>): string | null {
  const ours = extensions.reverie;
  return typeof ours === 'object' && ours !== null ? voiceIdOf((ours as Record<string, unknown>).voice) : null;
}

/** What a row and its creator make as a card (`known`: which of the card's tags name Reverie tags). */
export function cardFromRow(row: CharacterRow & { creatorUsername: string }, known: ReadonlySet<string>): CardCharacter {
  const x = row.cardExtras;
  const card: CardCharacter = {
    name: row.name,
    tagline: row.tagline,
    description: row.description,
    personality: row.personality,
    scenario: row.scenario,
    firstMes: row.greeting,
    alternateGreetings: row.alternateGreetings,
    groupOnlyGreetings: x.groupOnlyGreetings ?? [],
    mesExample: row.exampleDialogue,
    systemPrompt: row.systemPrompt,
    postHistoryInstructions: row.postHistoryInstructions,
    creatorNotes: row.creatorNotes,
    tags: exportTags(row, known),
    creator: x.creator ?? row.creatorUsername,
    characterVersion: x.characterVersion ?? '',
    extensions: withVoice(row.extensions, row.voice),
    creationDate: x.creationDate ?? Math.floor(row.createdAt.getTime() / 1000),
    modificationDate: x.modificationDate ?? Math.floor(row.updatedAt.getTime() / 1000),
    unknownFields: x.unknownFields ?? {},
  };
  const book = bookToCard(row.characterBook);
  if (book) card.characterBook = book;
  else if (x.characterBookNull) card.characterBook = null;
  if (x.nickname !== undefined) card.nickname = x.nickname;
  if (x.assets) card.assets = x.assets as CardCharacter['assets'];
  if (x.source) card.source = x.source;
  if (x.creatorNotesMultilingual) card.creatorNotesMultilingual = x.creatorNotesMultilingual;
  if (x.layout) card.layout = x.layout;
  return card;
}

/** The card fields that have no column, as stored in `card_extras`. */
export function extrasFromCard(card: CardCharacter): CardExtrasData {
  const x: CardExtrasData = {
    tags: card.tags,
    creator: card.creator,
    characterVersion: card.characterVersion,
  };
  if (card.groupOnlyGreetings.length) x.groupOnlyGreetings = card.groupOnlyGreetings;
  if (card.nickname !== undefined) x.nickname = card.nickname;
  if (card.characterBook === null) x.characterBookNull = true;
  if (card.assets) x.assets = card.assets;
  if (card.source) x.source = card.source;
  if (card.creationDate !== undefined) x.creationDate = card.creationDate;
  if (card.modificationDate !== undefined) x.modificationDate = card.modificationDate;
  if (card.creatorNotesMultilingual) x.creatorNotesMultilingual = card.creatorNotesMultilingual;
  if (Object.keys(card.unknownFields).length) x.unknownFields = card.unknownFields;
  if (card.layout) x.layout = card.layout;
  return x;
}

/** The columns a card fills. */
export function columnsFromCard(card: CardCharacter) {
  return {
    name: card.name,
    tagline: card.tagline,
    description: card.description,
    personality: card.personality,
    scenario: card.scenario,
    greeting: card.firstMes,
    alternateGreetings: card.alternateGreetings,
    exampleDialogue: card.mesExample,
    systemPrompt: card.systemPrompt,
    postHistoryInstructions: card.postHistoryInstructions,
    creatorNotes: card.creatorNotes,
    characterBook: bookFromCard(card.characterBook),
    extensions: card.extensions,
    voice: voiceFromExtensions(card.extensions),
    cardExtras: extrasFromCard(card),
  };
}
