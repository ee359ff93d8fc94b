// The search feature's entry: what other features and the pages use of it (eslint.config.js zones; #40).
export { useSearch } from './api/search';
export { TagSuggestions } from './components/tag-suggestions';
