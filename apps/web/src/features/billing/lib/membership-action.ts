/** product.md §2: the membership modal opens with an action phrase, by default this one. */
export const DEFAULT_MEMBERSHIP_ACTION = 'access this feature';

export function membershipModalTitle(action: string): string {
  return `Become a member to ${action}`;
}
