import { queryClient } from '@/lib/query-client';
import { adminKeys } from '@/lib/query-keys/admin';

/** After any action: the queue, the item, the account and the audit log may all have changed. */
export const invalidateAdmin = () => queryClient.invalidateQueries({ queryKey: adminKeys.all });
