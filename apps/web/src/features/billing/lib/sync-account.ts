import type { Tier } from '@reverie/shared';
import { getSessionUser, updateSessionUser } from '@/features/auth';
import { queryClient } from '@/lib/query-client';
import { billingKeys } from '@/lib/query-keys/billing';

/**
 * Copies the balance and tier the server just answered into the session user, so the header's coin button and
 * anything reading `user.tier` change at once (the profile itself is not refetched, product.md §7).
 */
export function syncAccount(update: { coins?: number; tier?: Tier }): void {
  const user = getSessionUser();
  if (!user) return;
  const coins = update.coins ?? user.coins;
  const tier = update.tier ?? user.tier;
  if (coins !== user.coins || tier !== user.tier) updateSessionUser({ ...user, coins, tier });
  // Coins spent or refunded move what the caps count (Settings → Spending limits reads it again when shown).
  if (coins !== user.coins) void queryClient.invalidateQueries({ queryKey: billingKeys.limits() });
}

/** After anything that moved money or changed the membership: every account-dependent billing query is refetched. */
export function invalidateAccount(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: billingKeys.account() });
}
