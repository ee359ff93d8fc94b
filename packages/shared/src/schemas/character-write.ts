// The write side of characters: what a creator sends (create, update), what an import answers, and the bounds
// both the creator forms and the server enforce.
import { z } from 'zod';
import { TAG_CATEGORIES } from '../constants.ts';
import { CharacterProfile, CharacterVisibility, TagName } from './characters.ts';
import { text } from './text.ts';
import { VoiceId } from './voice-id.ts';

/**
 * Bounds of imported and exported cards, the one place both the server's card reader and the forms take them from.
 * Real cards carry greetings of 14,000 characters and lorebook entries of 20,000, so a long field is allowed; the
 * whole card is bounded by `totalTextChars`, and the chat's prompt budget (not the import) decides what fits a model.
 */
export const CARD_BOUNDS = {
  /** Each long text field (description, greeting, each alternate greeting, a lorebook entry's content…). */
  fieldChars: 64_000,
  /** Lorebook entries in one card. */
  lorebookEntries: 2_000,
  /** All the text of one card together (every field, greeting, lorebook entry and extension, as JSON). */
  totalTextChars: 4_000_000,
  /** Alternate (and group-only) greetings. */
  greetings: 100,
  /** A PNG or JSON card file. */
  cardFileBytes: 10 * 1024 * 1024,
  /** A CharX archive (`card.json` + `assets/`), and what it may hold once unpacked. */
  charx: {
    fileBytes: 64 * 1024 * 1024,
    entries: 512,
    entryBytes: 32 * 1024 * 1024,
    totalBytes: 128 * 1024 * 1024,
    /** Unpacked size ÷ packed size of any entry over 1 MB unpacked: above it the entry is treated as a zip bomb. */
    maxRatio: 100,
    /** Assets (icons, backgrounds, emotions, user icons) kept per character. */
    assets: 256,
  },
  /** A SillyTavern JSONL chat: file size, lines (messages + header), characters per message and per swipe list. */
  chat: {
    fileBytes: 16 * 1024 * 1024,
    lines: 20_000,
    /** Real chats are long: a SillyTavern chat with a 73,741-character reply was seen (typing limits are separate). */
    messageChars: 256_000,
    swipes: 50,
  },
} as const;

/** Lengths in characters (UTF-16 code units, as the forms count them); the same bounds as imported cards. */
export const CHARACTER_LIMITS = {
  name: 80,
  tagline: 200,
  description: CARD_BOUNDS.fieldChars,
  personality: CARD_BOUNDS.fieldChars,
  scenario: CARD_BOUNDS.fieldChars,
  greeting: CARD_BOUNDS.fieldChars,
  alternateGreetings: CARD_BOUNDS.greetings,
  exampleDialogue: CARD_BOUNDS.fieldChars,
  systemPrompt: CARD_BOUNDS.fieldChars,
  postHistoryInstructions: CARD_BOUNDS.fieldChars,
  creatorNotes: CARD_BOUNDS.fieldChars,
  minTags: 1,
  maxTags: 20,
} as const;

/** The text fields of a character, in the order the forms show them. */
export const CHARACTER_TEXT_FIELDS = [
  'name',
  'tagline',
  'description',
  'personality',
  'scenario',
  'greeting',
  'exampleDialogue',
  'systemPrompt',
  'postHistoryInstructions',
  'creatorNotes',
] as const;
export type CharacterTextField = (typeof CHARACTER_TEXT_FIELDS)[number];

/** Human names of the fields, for messages ("The greeting must be at most …"). */
export const CHARACTER_FIELD_LABELS: Record<CharacterTextField | 'alternateGreetings' | 'tags', string> = {
  name: 'Name',
  tagline: 'Tagline',
  description: 'Description',
  personality: 'Personality',
  scenario: 'Scenario',
  greeting: 'Greeting',
  exampleDialogue: 'Example dialogue',
  systemPrompt: 'System prompt',
  postHistoryInstructions: 'Post-history instructions',
  creatorNotes: "Creator's notes",
  alternateGreetings: 'Alternate greetings',
  tags: 'Tags',
};

/** The Content Rating category's tags: a character carries exactly one; `nsfw` marks it explicit. */
export const CONTENT_RATING_TAGS: readonly string[] = TAG_CATEGORIES.find((c) => c.category === 'Content Rating')?.tags ?? [];

const nf = (n: number) => n.toLocaleString('en-US');

function field(name: CharacterTextField) {
  const max = CHARACTER_LIMITS[name];
  return text({
    max,
    multiline: name !== 'name' && name !== 'tagline',
    tooLong: `${CHARACTER_FIELD_LABELS[name]} must be at most ${nf(max)} characters`,
  });
}

const Name = text({
  min: 1,
  max: CHARACTER_LIMITS.name,
  required: 'name is required',
  tooShort: 'Give your character a name',
  tooLong: `Name must be at most ${CHARACTER_LIMITS.name} characters`,
});

const AlternateGreetings = z
  .array(field('greeting'))
  .max(CHARACTER_LIMITS.alternateGreetings, `At most ${CHARACTER_LIMITS.alternateGreetings} alternate greetings`);

const TagList = z
  .array(TagName, { message: 'tags must be a list of tag names' })
  .min(CHARACTER_LIMITS.minTags, 'Pick at least one tag, including a content rating')
  .max(CHARACTER_LIMITS.maxTags, `Pick at most ${CHARACTER_LIMITS.maxTags} tags`);

/**
 * `POST /api/characters`. `nsfw` may be left out: it follows the content rating tag (`nsfw` → true). When sent it
 * must agree with that tag. The lorebook and card extensions are not edited here: they come from an import and are
 * kept by every update.
 */
export const CharacterInput = z
  .object({
    name: Name,
    tagline: field('tagline').default(''),
    description: field('description').default(''),
    personality: field('personality').default(''),
    scenario: field('scenario').default(''),
    greeting: field('greeting').default(''),
    alternateGreetings: AlternateGreetings.default([]),
    exampleDialogue: field('exampleDialogue').default(''),
    systemPrompt: field('systemPrompt').default(''),
    postHistoryInstructions: field('postHistoryInstructions').default(''),
    creatorNotes: field('creatorNotes').default(''),
    tags: TagList,
    nsfw: z.boolean().optional(),
    visibility: CharacterVisibility.default('private'),
    allowDownload: z.boolean().default(false),
    /** The voice its replies are read in (a speech service voice id); null or left out: the service's default. */
    voice: VoiceId.nullable().optional(),
  })
  .meta({ id: 'CharacterInput' });
export type CharacterInput = z.input<typeof CharacterInput>;
export type CharacterInputParsed = z.output<typeof CharacterInput>;

/** `PUT /api/characters/{id}`: any subset of the create fields; what is left out stays as it is. */
export const CharacterUpdate = z
  .object({
    name: Name.optional(),
    tagline: field('tagline').optional(),
    description: field('description').optional(),
    personality: field('personality').optional(),
    scenario: field('scenario').optional(),
    greeting: field('greeting').optional(),
    alternateGreetings: AlternateGreetings.optional(),
    exampleDialogue: field('exampleDialogue').optional(),
    systemPrompt: field('systemPrompt').optional(),
    postHistoryInstructions: field('postHistoryInstructions').optional(),
    creatorNotes: field('creatorNotes').optional(),
    tags: TagList.optional(),
    nsfw: z.boolean().optional(),
    visibility: CharacterVisibility.optional(),
    allowDownload: z.boolean().optional(),
    voice: VoiceId.nullable().optional(),
  })
  .meta({ id: 'CharacterUpdate' });
export type CharacterUpdate = z.input<typeof CharacterUpdate>;
export type CharacterUpdateParsed = z.output<typeof CharacterUpdate>;

export const CardFormat = z.enum(['png', 'json', 'charx'], { message: 'format must be png, json or charx' });
export type CardFormat = z.infer<typeof CardFormat>;
export const ExportQuery = z.object({ format: CardFormat.default('png') });

/** What an import did with the card's fields. */
export const CardImportReport = z
  .object({
    format: z.enum(['v1', 'v2', 'v3']),
    source: z.enum(['png', 'json', 'charx']),
    /** Card fields that were filled (name, description, characterBook, extensions…). */
    mapped: z.array(z.string()),
    /** Source keys that were not kept, as paths ("chat", "data.tags[3]"). */
    dropped: z.array(z.string()),
    /** Sentences for the person who imported the card. */
    warnings: z.array(z.string()),
  })
  .meta({ id: 'CardImportReport' });
export type CardImportReport = z.infer<typeof CardImportReport>;

export const ImportCharacterResponse = z
  .object({ character: CharacterProfile, report: CardImportReport })
  .meta({ id: 'ImportCharacterResponse' });
export type ImportCharacterResponse = z.infer<typeof ImportCharacterResponse>;

/** The exported file (PNG image or JSON card), sent as an attachment. */
export const CardFile = z.unknown().meta({ id: 'CardFile', description: 'image/png with ccv3 and chara chunks, or application/json' });
