import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Invoice } from '@reverie/shared';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';
import { logError } from '@/lib/request-queue';
import { billingKeys } from '@/lib/query-keys/billing';

/** GET /api/payments/invoices, newest first. A failure shows an empty list (product.md §8), with success false. */
export async function getInvoices(): Promise<{ success: boolean; invoices: Invoice[] }> {
  try {
    return await apiRequest(api.billing.invoices);
  } catch (error) {
    logError('Could not load invoices', error);
    return { success: false, invoices: [] };
  }
}

export const invoicesQueryOptions = queryOptions({ queryKey: billingKeys.invoices(), queryFn: getInvoices });

export function useInvoices(enabled = true) {
  return useQuery({ ...invoicesQueryOptions, enabled });
}
