import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { AccountExport } from '@reverie/shared';
import { api } from '@reverie/shared/api/routes';
import { saveFile } from '@/features/characters';
import { apiRequest } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { accountKeys } from '@/lib/query-keys/account';

/** GET /api/account/exports: the account's recent data exports, newest first. */
export const listExports = () => apiRequest(api.account.listExports);

/** Polls every few seconds while an export is being prepared, so the card turns to "Download" by itself. */
export const exportsQueryOptions = () =>
  queryOptions({
    queryKey: accountKeys.exports(),
    queryFn: listExports,
    refetchInterval: (query) => (query.state.data?.exports.some((e) => e.status === 'pending') ? 3000 : false),
  });

export function useExports() {
  return useQuery(exportsQueryOptions());
}

/** POST /api/account/exports: starts preparing a zip of all the account's data. */
export const requestExport = () => apiRequest(api.account.requestExport);

/** Affects the exports list (the new pending export goes first). */
export function useRequestExport() {
  return useMutation({
    mutationFn: requestExport,
    onSuccess: ({ export: row }) => {
      queryClient.setQueryData(accountKeys.exports(), (old: { exports: AccountExport[] } | undefined) => ({
        exports: [row, ...(old?.exports ?? []).filter((e) => e.id !== row.id)],
      }));
    },
  });
}

/** GET /api/account/exports/{id}/download: the zip, saved as a file. */
export async function downloadExport(row: Pick<AccountExport, 'id' | 'createdAt'>): Promise<Blob> {
  return (await apiRequest(api.account.downloadExport, { params: { id: row.id }, responseType: 'blob' })) as Blob;
}

/** Saves the file; changes no cached data. */
export function useDownloadExport() {
  return useMutation({
    mutationFn: downloadExport,
    onSuccess: (blob, row) => saveFile(blob, `reverie-data-${row.createdAt.slice(0, 10)}.zip`),
  });
}
