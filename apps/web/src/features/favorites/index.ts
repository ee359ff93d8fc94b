// The favorites feature's entry: what other features and the pages use of it (eslint.config.js zones; #40).
export { useFavoritesInfinite } from './api/get-favorites';
export { FavoriteButton } from './components/favorite-button';
