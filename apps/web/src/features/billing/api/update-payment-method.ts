import { useMutation } from '@tanstack/react-query';
import type { EndpointBody, PaymentMethodSummary } from '@reverie/shared';
import { api } from '@reverie/shared/api/routes';
import { ApiError, apiRequest } from '@/lib/api-client';
import { invalidateAccount } from '../lib/sync-account';

export const NOT_IMPLEMENTED_MESSAGE = 'Feature not yet implemented';

export interface UpdatePaymentMethodResult {
  success: boolean;
  message: string;
  paymentMethod: PaymentMethodSummary | null;
  url: string | null;
}

/**
 * POST /api/payments/update-payment-method. product.md §8: when the server has no such feature (404, 501) the answer is
 * success false with "Feature not yet implemented"; any other failure (a declined card, bad details) is a real
 * error and is thrown with the server's message, so a user is never told "not implemented" when it is not true.
 */
export async function updatePaymentMethod(body: EndpointBody<typeof api.billing.updatePaymentMethod>): Promise<UpdatePaymentMethodResult> {
  try {
    return await apiRequest(api.billing.updatePaymentMethod, { body });
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 501)) {
      return { success: false, message: NOT_IMPLEMENTED_MESSAGE, paymentMethod: null, url: null };
    }
    throw error;
  }
}

export function useUpdatePaymentMethod() {
  return useMutation({ mutationFn: updatePaymentMethod, onSuccess: () => invalidateAccount() });
}
