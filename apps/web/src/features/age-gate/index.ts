// The age-gate feature's entry: what other features and the pages use of it (eslint.config.js zones; #40).
export { AgeGate } from './age-gate';
