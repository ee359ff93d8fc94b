// Turning characters into picture prompts: a character's look (its tags, and for seed characters the appearance the
// portrait was drawn from) goes with every prompt so pictures of it resemble it; a seed fixed per character keeps it
// consistent where the backend honours seeds; chat pictures take their scene from the request or the last messages.
import { createHash } from 'node:crypto';
import { seedCharacters, type Appearance } from '../../db/seed/catalogue/index.ts';

export interface LookSource {
  id: string;
  name: string;
  tagline: string;
  scenario: string;
  tagNames: string[];
  seedSlug: string | null;
}

const TAG_WORDS: Record<string, string> = {
  female: 'woman',
  male: 'man',
  'non-binary': 'androgynous person',
  android: 'android',
  alien: 'alien',
  demon: 'demon',
  angel: 'angel',
  vampire: 'vampire',
  'long-hair': 'long hair',
  'short-hair': 'short hair',
  'colorful-hair': 'colourful hair',
  glasses: 'glasses',
  tattoos: 'tattoos',
  piercings: 'piercings',
  scars: 'scars',
  'glowing-eyes': 'glowing eyes',
  elemental: 'elemental aura',
  divine: 'divine glow',
  mythical: 'mythical',
  artificial: 'artificial',
};

const PLACES: Record<string, string> = {
  school: 'in a sunlit classroom',
  workplace: 'at a busy office desk',
  'fantasy-world': 'in an enchanted forest clearing',
  'modern-city': 'on a rainy city street at night',
  space: 'aboard a starship, stars through the window',
  medieval: 'in a torch-lit castle hall',
  apocalyptic: 'among ruins under a red sky',
  peaceful: 'in a quiet garden at golden hour',
  // Genres, when no scenario says where.
  fantasy: 'in an enchanted forest clearing',
  'sci-fi': 'aboard a starship, stars through the window',
  cyberpunk: 'in a neon-lit alley in the rain',
  horror: 'in a candlelit manor at midnight',
  romance: 'at a candlelit table for two',
  adventure: 'on a mountain pass at dawn',
  mystery: 'in a foggy street under a gas lamp',
  'slice-of-life': 'in a cosy café by the window',
};

const BACKDROP_PLACES: Record<Appearance['backdrop'], string> = {
  'city-night': 'on a city rooftop at night',
  neon: 'in a neon-lit alley',
  forest: 'in a misty forest',
  castle: 'in a castle courtyard',
  space: 'on an observation deck among the stars',
  ocean: 'on a windswept shore',
  desert: 'among desert dunes at dusk',
  library: 'in an old library by candlelight',
  cafe: 'in a cosy café',
  ruins: 'among ancient ruins',
  snow: 'in falling snow',
  temple: 'in a temple courtyard',
  lab: 'in a gleaming laboratory',
  sunset: 'against a burning sunset',
  hellscape: 'before rivers of fire',
  clouds: 'above the clouds',
};

const COLOURS: Array<[string, [number, number, number]]> = [
  ['black', [20, 20, 22]],
  ['dark brown', [60, 40, 30]],
  ['brown', [110, 75, 50]],
  ['auburn', [140, 60, 40]],
  ['red', [180, 40, 40]],
  ['copper', [190, 110, 60]],
  ['golden blonde', [220, 180, 100]],
  ['platinum', [230, 225, 210]],
  ['white', [245, 245, 245]],
  ['silver', [190, 195, 205]],
  ['grey', [128, 128, 128]],
  ['blue', [50, 90, 190]],
  ['teal', [40, 140, 140]],
  ['green', [60, 140, 70]],
  ['amber', [200, 140, 40]],
  ['purple', [110, 60, 160]],
  ['lavender', [200, 180, 230]],
  ['pink', [230, 120, 170]],
];

/** The nearest plain colour word for a CSS hex colour. */
export function colourName(hex: string): string {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!m) return '';
  const [r, g, b] = [m[1]!, m[2]!, m[3]!].map((h) => parseInt(h, 16)) as [number, number, number];
  let best = COLOURS[0]!;
  let bestD = Infinity;
  for (const c of COLOURS) {
    const d = (c[1][0] - r) ** 2 + (c[1][1] - g) ** 2 + (c[1][2] - b) ** 2;
    if (d < bestD) [best, bestD] = [c, d];
  }
  return best[0];
}

const appearanceBySlug = new Map(seedCharacters.map((c) => [c.slug, c.appearance]));

function appearanceWords(a: Appearance): string[] {
  const hair = a.hairStyle === 'bald' ? 'bald' : `${a.hairStyle === 'buzz' ? 'buzzed' : a.hairStyle} ${colourName(a.hairColor)} hair`;
  return [
    hair,
    `${colourName(a.eyeColor)} eyes`,
    `${colourName(a.outfit.color)} ${a.outfit.style.replace('-', ' ')}`,
    ...a.features.map((f) => f.replace('-', ' ')),
  ];
}

/** "Mira Vale, a woman, long hair, glasses, …, a cartographer of forgotten coasts": what the character looks like. */
export function lookOf(c: LookSource): string {
  const words = c.tagNames.map((t) => TAG_WORDS[t]).filter((w): w is string => !!w);
  const appearance = c.seedSlug ? appearanceBySlug.get(c.seedSlug) : undefined;
  if (appearance) words.push(...appearanceWords(appearance));
  const tagline = c.tagline.trim().replace(/[.\s]+$/, '');
  return [c.name, ...new Set(words), tagline].filter(Boolean).join(', ').slice(0, 600);
}

/** The person's prompt first (their intent), then the character's look. */
export function combinePrompt(prompt: string, look: string | null): string {
  const p = prompt.trim().replace(/[.\s]+$/, '');
  return look ? `${p}. ${look}` : p;
}

/** A seed that stays the same for a character, so its pictures look alike where the backend honours seeds. */
export function characterSeed(characterId: string): number {
  return createHash('sha256').update(`reverie-character-seed:${characterId}`).digest().readUInt32BE(0);
}

export function placeOf(c: Pick<LookSource, 'tagNames' | 'seedSlug'>): string | undefined {
  const backdrop = c.seedSlug ? appearanceBySlug.get(c.seedSlug)?.backdrop : undefined;
  if (backdrop) return BACKDROP_PLACES[backdrop];
  const tag = c.tagNames.find((t) => PLACES[t]);
  return tag ? PLACES[tag] : undefined;
}

const GENERAL_SUGGESTIONS = [
  'A lighthouse on a cliff at dusk, oil painting',
  'A neon-lit street in the rain, cinematic',
  'A cosy library with floating candles',
  'Portrait of a traveller in a red coat, soft window light',
];

/** Prompt ideas for the generate page: drawn from the character's setting, or general ones. */
export function suggestionsFor(c: Pick<LookSource, 'name' | 'tagNames' | 'seedSlug'> | null): string[] {
  if (!c) return GENERAL_SUGGESTIONS;
  const place = placeOf(c) ?? 'outdoors in soft natural light';
  return [
    `${c.name}, portrait, soft window light`,
    `${c.name} ${place}`,
    `${c.name} smiling, close-up, golden hour`,
    `${c.name} in full figure, dramatic lighting`,
  ];
}

/** *Actions* written between asterisks in roleplay messages, newest first: the scene as it stands. */
function actionsOf(text: string): string[] {
  return [...text.matchAll(/\*([^*\n]{4,240})\*/g)].map((m) => m[1]!.trim());
}

/**
 * The prompt of a picture asked for in a chat: what the request says to show, else the scene from the last messages'
 * actions, else the character's usual setting; then the look.
 */
export function chatPicturePrompt(
  c: LookSource,
  scene: string,
  recent: Array<{ role: 'user' | 'assistant'; content: string }>,
): { prompt: string; full: string } {
  let what = scene.trim();
  if (!what) {
    const actions = recent.flatMap((m) => actionsOf(m.content)).slice(0, 2);
    what = actions.join(', ');
  }
  if (!what) what = placeOf(c) ?? c.scenario.split(/(?<=[.!?])\s/)[0] ?? '';
  const prompt = `A photo of ${c.name}${what ? `, ${what}` : ''}`.slice(0, 400);
  return { prompt, full: combinePrompt(prompt, lookOf(c)) };
}
