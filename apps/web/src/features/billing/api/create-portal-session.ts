import { useMutation } from '@tanstack/react-query';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';

/** POST /api/payments/portal-session: where payment methods and cancellation are managed (Stripe's Billing Portal). */
export const createPortalSession = () => apiRequest(api.billing.portalSession, { body: { returnPath: '/subscription/manage' } });

export function useCreatePortalSession() {
  return useMutation({ mutationFn: createPortalSession });
}
