// The built-in sandbox processor's checkout session (PAYMENTS_MODE=sandbox): read, pay, confirm, abandon.
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { CheckoutSession, EndpointBody } from '@reverie/shared';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { invalidateAccount } from '../lib/sync-account';
import { billingKeys } from '@/lib/query-keys/billing';

/** GET /api/payments/sandbox/checkout/{id}: one of the caller's sessions (404 for anyone else's). */
export const getSandboxCheckout = (id: string) => apiRequest(api.billing.sandboxGetCheckout, { params: { id } });

export function sandboxCheckoutQueryOptions(id: string) {
  return queryOptions({ queryKey: billingKeys.checkout(id), queryFn: () => getSandboxCheckout(id), staleTime: 0 });
}

export function useSandboxCheckout(id: string, enabled = true) {
  return useQuery({ ...sandboxCheckoutQueryOptions(id), enabled });
}

export type ConfirmCheckoutInput = { id: string; body: EndpointBody<typeof api.billing.sandboxConfirmCheckout> };

/** POST …/confirm: pay with a test card or test payment method id; 402 CARD_DECLINED on a decline. */
export const confirmSandboxCheckout = ({ id, body }: ConfirmCheckoutInput) =>
  apiRequest(api.billing.sandboxConfirmCheckout, { params: { id }, body });

/** POST …/authenticate: approve or refuse the confirmation step. */
export const authenticateSandboxCheckout = ({ id, approve }: { id: string; approve: boolean }) =>
  apiRequest(api.billing.sandboxAuthenticateCheckout, { params: { id }, body: { approve } });

/** POST …/cancel: the buyer abandoned the checkout. */
export const cancelSandboxCheckout = (id: string) => apiRequest(api.billing.sandboxCancelCheckout, { params: { id } });

function settle(session: CheckoutSession) {
  queryClient.setQueryData(billingKeys.checkout(session.id), session);
  if (session.status === 'complete') return invalidateAccount();
}

/** A decline is remembered on the session (lastError), so it is refetched after any outcome. */
function refetchSession(id: string) {
  return queryClient.invalidateQueries({ queryKey: billingKeys.checkout(id) });
}

export function useConfirmSandboxCheckout() {
  return useMutation({
    mutationFn: confirmSandboxCheckout,
    onSuccess: settle,
    onError: (_error, input) => refetchSession(input.id),
  });
}

export function useAuthenticateSandboxCheckout() {
  return useMutation({
    mutationFn: authenticateSandboxCheckout,
    onSuccess: settle,
    onError: (_error, input) => refetchSession(input.id),
  });
}

export function useCancelSandboxCheckout() {
  return useMutation({ mutationFn: cancelSandboxCheckout, onSuccess: settle });
}
