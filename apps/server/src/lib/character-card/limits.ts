/** Every bound the card reader enforces, in one place. Text lengths count UTF-16 code units, like the rest of the app. */
export const CARD_LIMITS = {
  /** Files larger than this are refused before anything is read. */
  maxFileBytes: 10 * 1024 * 1024,
  /** PNG chunks of any kind (large images split their pixels over many IDAT chunks). */
  maxChunks: 10_000,
  /** tEXt/zTXt/iTXt chunks. */
  maxTextChunks: 64,
  /** Decoded text of all metadata chunks together, after inflating zTXt/iTXt. */
  maxTextBytes: 8 * 1024 * 1024,
  /** The card JSON (after base64 decoding). */
  maxJsonBytes: 8 * 1024 * 1024,
  maxImageWidth: 8192,
  maxImageHeight: 8192,
  fields: {
    name: 80,
    nickname: 80,
    tagline: 200,
    description: 10_000,
    personality: 5_000,
    scenario: 5_000,
    firstMes: 10_000,
    mesExample: 10_000,
    systemPrompt: 5_000,
    postHistoryInstructions: 5_000,
    creatorNotes: 5_000,
    creator: 100,
    characterVersion: 50,
    /** Items in alternateGreetings and groupOnlyGreetings; each item is bounded like firstMes. */
    greetings: 30,
    tags: 50,
    tagLength: 50,
    languages: 30,
    sources: 20,
    sourceLength: 500,
    assets: 50,
    assetText: 2_000,
    bookEntries: 500,
    bookText: 2_000,
    entryContent: 10_000,
    entryKeys: 100,
    keyLength: 200,
    /** Serialized size and nesting depth of every `extensions` object and of unknown fields. */
    extensionsBytes: 256 * 1024,
    extensionsDepth: 32,
  },
};

export type CardLimits = typeof CARD_LIMITS;
