import { useMutation } from '@tanstack/react-query';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';

/**
 * POST /api/coins/checkout {packId}: a checkout session to open. `provider` other than card (crypto, alternative
 * processors) is refused by the server with 410 "no longer supported" (product.md §8).
 */
export const startCoinCheckout = ({ packId, provider }: { packId: string; provider?: string }) =>
  apiRequest(api.billing.coinCheckout, { body: { packId, provider } });

export function useStartCoinCheckout() {
  return useMutation({ mutationFn: startCoinCheckout });
}
