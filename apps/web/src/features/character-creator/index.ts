// The character-creator feature's entry: what other features and the pages use of it (eslint.config.js zones; #40).
export { CharacterCreator } from './components/character-creator';
export { ClassicCreator } from './components/classic-creator';
export { CreateCharactersSignUp, CreatorGate } from './components/creator-gate';
export { ImportCard } from './components/import-card';
