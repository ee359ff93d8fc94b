export type JsonObject = Record<string, unknown>;

/**
 * A lorebook entry, in the spec's own field names. Unknown keys from the source are kept as they were, and keys the
 * source left out stay out (the chat engine applies the spec's defaults when it reads them), so an export adds none.
 */
export interface CardBookEntry {
  keys: string[];
  content: string;
  extensions?: JsonObject;
  enabled?: boolean;
  insertion_order?: number;
  use_regex?: boolean;
  case_sensitive?: boolean;
  constant?: boolean;
  name?: string;
  priority?: number;
  id?: number | string;
  comment?: string;
  selective?: boolean;
  secondary_keys?: string[];
  /** 'before_char' | 'after_char' in the spec; some tools write numbers. Kept as given. */
  position?: string | number;
  [unknownKey: string]: unknown;
}

export interface CardBook {
  name?: string;
  description?: string;
  scan_depth?: number;
  token_budget?: number;
  recursive_scanning?: boolean;
  extensions?: JsonObject;
  entries: CardBookEntry[];
  [unknownKey: string]: unknown;
}

export interface CardAsset {
  type: string;
  uri: string;
  name: string;
  ext: string;
  [unknownKey: string]: unknown;
}

/**
 * The app's neutral view of a character card (V1, V2 and V3 all map onto it). Text is kept exactly as given,
 * HTML and script included: it is data, and the UI renders it as text.
 */
export interface CardCharacter {
  name: string;
  /** V3 `nickname`: replaces {{char}} in prompts when set. */
  nickname?: string;
  /** Reverie's short line under the name; travels in `extensions.reverie.tagline`. */
  tagline: string;
  description: string;
  personality: string;
  scenario: string;
  /** The greeting (`first_mes`). */
  firstMes: string;
  alternateGreetings: string[];
  groupOnlyGreetings: string[];
  /** Example dialogue (`mes_example`). */
  mesExample: string;
  systemPrompt: string;
  postHistoryInstructions: string;
  creatorNotes: string;
  creatorNotesMultilingual?: Record<string, string>;
  tags: string[];
  creator: string;
  characterVersion: string;
  /** `null` when the card said so (kept as null on export); absent when it had none. */
  characterBook?: CardBook | null;
  /** Arbitrary data of other applications; never dropped. */
  extensions: JsonObject;
  assets?: CardAsset[];
  source?: string[];
  /** Unix seconds. */
  creationDate?: number;
  modificationDate?: number;
  /** Fields inside `data` that no spec version defines, kept so that an export gives them back. */
  unknownFields: JsonObject;
  /** How the imported file was laid out, so that an export writes the same shape back (absent for cards made here). */
  layout?: CardLayout;
}

/** The shape of an imported card: its spec, its top-level keys in order (and the values of non-card ones), its data keys. */
export interface CardLayout {
  spec: 'v1' | 'v2' | 'v3';
  /** Top-level keys in the source's order (for V1 cards: all of them). */
  topLevel: string[];
  /** Top-level keys that are not card fields (SillyTavern's `chat`, `avatar`, `create_date`…), kept as they were. */
  topLevelExtras: JsonObject;
  /** Keys of `data` in the source's order (V2/V3). */
  dataKeys: string[];
}

export interface CardImportReport {
  format: 'v1' | 'v2' | 'v3';
  source: 'png' | 'json' | 'charx';
  /** CardCharacter fields that received a non-empty value. */
  mapped: string[];
  /** Source keys that were not kept, as paths ("chat", "data.tags[3]"). */
  dropped: string[];
  warnings: string[];
}

export interface ParsedCard {
  card: CardCharacter;
  report: CardImportReport;
  /** For PNG cards: the image without its card chunks, to become the avatar. */
  image?: Buffer;
}
