import { useMutation } from '@tanstack/react-query';
import { ADD_COINS_AMOUNT } from '@reverie/shared';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';
import { applyOwnUser } from '@/features/auth';
import { invalidateAccount } from '../lib/sync-account';

/** POST /api/auth/add-coins {amount: 100} (sandbox servers only), with a fresh idempotency key per click. */
export const addCoins = () =>
  apiRequest(api.billing.addCoins, { body: { amount: ADD_COINS_AMOUNT }, headers: { 'Idempotency-Key': idempotencyKey() } });

/** Affects the session user (its balance) and the coins page. */
export function useAddCoins() {
  return useMutation({
    mutationFn: addCoins,
    onSuccess: (result) => {
      applyOwnUser(result.user);
      return invalidateAccount();
    },
  });
}

function idempotencyKey(): string {
  return globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}
