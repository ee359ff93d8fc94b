// The guest feature's entry: what other features and the pages use of it (eslint.config.js zones; #40).
export { GUEST_PROMPT_BENEFITS, MANAGE_FAVORITES_ACTION, addToFavoritesAction, guestPromptTitle } from './guest-actions';
export { GuestPromptProvider, useGuestPrompt } from './guest-prompt-context';
