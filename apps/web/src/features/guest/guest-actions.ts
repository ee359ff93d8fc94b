// Action phrases for the guest sign-up prompt (product.md §4 Guests).
export const MANAGE_FAVORITES_ACTION = 'manage your favorites';

export function addToFavoritesAction(characterName: string): string {
  return `add ${characterName} to your favorites`;
}

export function guestPromptTitle(action: string): string {
  return `Sign up to ${action} and unlock exclusive features`;
}

export const GUEST_PROMPT_BENEFITS = ['Save favorite characters', 'Unlimited conversations', 'Premium character access'] as const;
export const GUEST_PROMPT_SOCIAL_PROOF = 'Join thousands of users enjoying premium AI conversations';
