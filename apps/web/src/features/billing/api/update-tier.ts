import { useMutation } from '@tanstack/react-query';
import type { Tier } from '@reverie/shared';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';
import { logError } from '@/lib/request-queue';
import { invalidateAccount, syncAccount } from '../lib/sync-account';

/**
 * POST /api/users/update-tier {tier}: asks the server to re-sync the caller's tier from the payment provider (a
 * client cannot set its own tier; the answer is the tier the provider holds). product.md §8: a failure is treated as
 * success locally: the tier asked for is kept on screen and nothing is shown; the server still decides access.
 */
export async function updateTier(tier: Tier): Promise<{ success: boolean; tier: Tier; synced: boolean }> {
  try {
    const result = await apiRequest(api.billing.updateTier, { body: { tier } });
    return { success: result.success, tier: result.tier, synced: true };
  } catch (error) {
    logError('Could not re-sync the membership tier', error);
    return { success: true, tier, synced: false };
  }
}

export function useUpdateTier() {
  return useMutation({
    mutationFn: updateTier,
    onSuccess: (result) => {
      syncAccount({ tier: result.tier });
      return invalidateAccount();
    },
  });
}
