// The seed catalogue's shapes: what the writers fill in (catalogue/) and what the art generator draws (art/).
// Pure data: nothing here touches the database; the characters module's seeder maps these to rows.

/** How a portrait looks. The art generator (../art) draws from this alone, deterministically. */
export interface Appearance {
  presentation: 'feminine' | 'masculine' | 'androgynous';
  /** CSS hex colours. */
  skinTone: string;
  hairColor: string;
  eyeColor: string;
  hairStyle: 'long' | 'short' | 'wavy' | 'curly' | 'bun' | 'ponytail' | 'braids' | 'buzz' | 'bob' | 'undercut' | 'bald';
  /** Extra features, drawn as layers: species traits, accessories, marks. */
  features: Array<
    | 'horns'
    | 'wings'
    | 'feathered-wings'
    | 'halo'
    | 'elf-ears'
    | 'fangs'
    | 'glasses'
    | 'tattoos'
    | 'scars'
    | 'glowing-eyes'
    | 'circuitry'
    | 'tail'
    | 'freckles'
    | 'piercings'
    | 'crown'
    | 'hood'
    | 'beard'
    | 'antennae'
    | 'scales'
  >;
  /** Outfit colour and style hint. */
  outfit: {
    color: string;
    style: 'armor' | 'robe' | 'suit' | 'casual' | 'uniform' | 'gown' | 'leather' | 'futuristic' | 'lab-coat' | 'hoodie';
  };
  /** Background scene and its palette (two gradient stops + an accent, hex). */
  backdrop:
    | 'city-night'
    | 'neon'
    | 'forest'
    | 'castle'
    | 'space'
    | 'ocean'
    | 'desert'
    | 'library'
    | 'cafe'
    | 'ruins'
    | 'snow'
    | 'temple'
    | 'lab'
    | 'sunset'
    | 'hellscape'
    | 'clouds';
  palette: [string, string, string];
}

export interface SeedCreator {
  /** Unique, 3–30 chars, [A-Za-z0-9_.-]. */
  username: string;
  bio: string;
  /** Avatar and banner are generated from this. */
  appearance: Appearance;
}

export interface LorebookEntry {
  keys: string[];
  content: string;
  /** Lower first. */
  insertionOrder: number;
  enabled: boolean;
  comment?: string;
}

export interface SeedCharacter {
  /** Stable slug, unique: the seeder derives a deterministic id from it (idempotent seeding). */
  slug: string;
  creator: string; // SeedCreator.username
  name: string; // 1–80
  tagline: string; // the "persona" line on cards, ≤ 200
  description: string; // ≤ 10,000; who they are, written for the profile page
  personality: string;
  scenario: string;
  /** The first message: opens a scene, in the character's voice; *actions in asterisks*. Uses {{user}}. */
  greeting: string;
  alternateGreetings: string[];
  /** SillyTavern style: blocks starting with <START>, lines "{{user}}: …" and "{{char}}: …". */
  exampleDialogue: string;
  systemPrompt?: string;
  postHistoryInstructions?: string;
  creatorNotes: string;
  characterBook?: LorebookEntry[];
  /** Tag names from the product.md §3 fallback set: exactly one Character Type, exactly one Content Rating (sfw | suggestive | nsfw), 3–10 in all. */
  tags: string[];
  /** true exactly when the content rating tag is nsfw. */
  nsfw: boolean;
  /** Stated adult age (all characters are adults: 18+; immortal beings still look and act adult). */
  age: number;
  appearance: Appearance;
  /** Popularity hints for the seeder's social graph (0–1). */
  popularity: number;
  premium?: boolean;
}
