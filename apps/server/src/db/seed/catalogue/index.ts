import { fantasyCharacters } from './characters-fantasy.ts';
import { scifiCharacters } from './characters-scifi.ts';
import { frontierCharacters } from './characters-frontier.ts';
import { cyberpunkCharacters } from './characters-cyberpunk.ts';
import { gothicCharacters } from './characters-gothic.ts';
import { divineCharacters } from './characters-divine.ts';
import { cityCharacters } from './characters-city.ts';
import { mysteryCharacters } from './characters-mystery.ts';
import { wandererCharacters } from './characters-wanderers.ts';
import { crossroadsCharacters } from './characters-crossroads.ts';
import type { SeedCharacter } from './types.ts';

export { seedCreators } from './creators.ts';
export type { Appearance, LorebookEntry, SeedCharacter, SeedCreator } from './types.ts';

/** The seed catalogue in display order of the files; the seeder keys rows by slug. */
export const seedCharacters: SeedCharacter[] = [
  ...fantasyCharacters,
  ...scifiCharacters,
  ...frontierCharacters,
  ...cyberpunkCharacters,
  ...gothicCharacters,
  ...divineCharacters,
  ...cityCharacters,
  ...mysteryCharacters,
  ...wandererCharacters,
  ...crossroadsCharacters,
];
