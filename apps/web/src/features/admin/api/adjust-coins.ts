import { useMutation } from '@tanstack/react-query';
import type { CoinsAdjustBody } from '@reverie/shared';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';
import { invalidateAdmin } from './invalidate';

/** POST /api/admin/users/{id}/coins with the form's Idempotency-Key (one per filled-in form, so a retry applies once). */
export const adjustCoins = ({ id, key, ...body }: CoinsAdjustBody & { id: string; key: string }) =>
  apiRequest(api.admin.adjustCoins, { params: { id }, body, headers: { 'idempotency-key': key } });

/** Affects the whole console (invalidated). */
export function useAdjustCoins() {
  return useMutation({ mutationFn: adjustCoins, onSuccess: invalidateAdmin });
}
