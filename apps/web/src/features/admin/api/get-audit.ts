import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';
import { adminKeys } from '@/lib/query-keys/admin';

/** GET /api/admin/audit */
export const getAudit = (q: { targetId?: string; page: number }) =>
  apiRequest(api.admin.audit, { query: { targetId: q.targetId || undefined, page: q.page, limit: 25 } });

export const auditQueryOptions = (q: { targetId?: string; page: number }) =>
  queryOptions({ queryKey: adminKeys.audit(q), queryFn: () => getAudit(q), staleTime: 10_000 });

export function useAudit(q: { targetId?: string; page: number }) {
  return useQuery({ ...auditQueryOptions(q), placeholderData: keepPreviousData });
}
