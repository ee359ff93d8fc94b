import { useMutation } from '@tanstack/react-query';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { notificationsKeys } from '@/lib/query-keys/notifications';
import { invalidateAccount, syncAccount } from '../lib/sync-account';

/** POST /api/coins/claim-monthly: this month's membership coins (a second claim adds nothing). */
export const claimMonthly = () => apiRequest(api.billing.claimMonthly);

/** Affects the balance (header), the coins page and the notifications ("coins are ready" becomes "claimed"). */
export function useClaimMonthly() {
  return useMutation({
    mutationFn: claimMonthly,
    onSuccess: (result) => {
      syncAccount({ coins: result.balance });
      return Promise.all([invalidateAccount(), queryClient.invalidateQueries({ queryKey: notificationsKeys.all })]);
    },
  });
}
