import { CARD_BOUNDS } from '@reverie/shared';

/**
 * Every bound the card reader enforces, in one place. Text lengths count UTF-16 code units, like the rest of the app.
 * The long-text bounds come from the shared contract (`CARD_BOUNDS`), so the forms and the reader agree.
 */
export const CARD_LIMITS = {
  /** Files larger than this are refused before anything is read. */
  maxFileBytes: CARD_BOUNDS.cardFileBytes,
  /** PNG chunks of any kind (large images split their pixels over many IDAT chunks). */
  maxChunks: 10_000,
  /** tEXt/zTXt/iTXt chunks. */
  maxTextChunks: 64,
  /** Decoded text of all metadata chunks together, after inflating zTXt/iTXt. */
  maxTextBytes: 8 * 1024 * 1024,
  /** The card JSON (after base64 decoding). */
  maxJsonBytes: 8 * 1024 * 1024,
  /** All the card's text together (its JSON, in characters). */
  maxTotalChars: CARD_BOUNDS.totalTextChars,
  maxImageWidth: 8192,
  maxImageHeight: 8192,
  fields: {
    name: 80,
    nickname: 80,
    tagline: 200,
    description: CARD_BOUNDS.fieldChars,
    personality: CARD_BOUNDS.fieldChars,
    scenario: CARD_BOUNDS.fieldChars,
    firstMes: CARD_BOUNDS.fieldChars,
    mesExample: CARD_BOUNDS.fieldChars,
    systemPrompt: CARD_BOUNDS.fieldChars,
    postHistoryInstructions: CARD_BOUNDS.fieldChars,
    creatorNotes: CARD_BOUNDS.fieldChars,
    creator: 100,
    characterVersion: 50,
    /** Items in alternateGreetings and groupOnlyGreetings; each item is bounded like firstMes. */
    greetings: CARD_BOUNDS.greetings,
    tags: 50,
    tagLength: 50,
    languages: 30,
    sources: 20,
    sourceLength: 500,
    assets: CARD_BOUNDS.charx.assets,
    assetText: 2_000,
    bookEntries: CARD_BOUNDS.lorebookEntries,
    bookText: 2_000,
    entryContent: CARD_BOUNDS.fieldChars,
    entryKeys: 100,
    keyLength: 200,
    /** Serialized size and nesting depth of every `extensions` object and of unknown fields. */
    extensionsBytes: 1024 * 1024,
    extensionsDepth: 32,
  },
};

export type CardLimits = typeof CARD_LIMITS;
