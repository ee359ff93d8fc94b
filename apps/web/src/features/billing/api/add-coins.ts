import { useMutation } from '@tanstack/react-query';
import { ADD_COINS_AMOUNT, type User } from '@reverie/shared';
import { api } from '@/lib/api-client';
import { updateSessionUser } from '@/features/auth/session-store';

export interface AddCoinsResult {
  coins: number;
  added: number;
  user: User;
}

/** POST /api/auth/add-coins {amount: 100} (sandbox servers only). */
export function addCoins(): Promise<AddCoinsResult> {
  return api.post<AddCoinsResult>(
    '/api/auth/add-coins',
    { amount: ADD_COINS_AMOUNT },
    { headers: { 'Idempotency-Key': idempotencyKey() } },
  );
}

export function useAddCoins() {
  return useMutation({ mutationFn: addCoins, onSuccess: (result) => updateSessionUser(result.user) });
}

function idempotencyKey(): string {
  return globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}
