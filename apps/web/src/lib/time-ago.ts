// Kept for imports written before lib/format.ts held every date and number format: the same functions.
export { dateTime, timeAgo } from './format';
