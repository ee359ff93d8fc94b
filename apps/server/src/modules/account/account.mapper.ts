import type { AccountExport } from '@reverie/shared';
import type { AccountExportInfo } from './account.repo.ts';

export function toAccountExport(row: AccountExportInfo, now = Date.now()): AccountExport {
  // An expired export reads as such even before the sweep has dropped its bytes.
  return {
    id: row.id,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    readyAt: row.readyAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    sizeBytes: row.sizeBytes,
    error: row.error ?? (row.expiresAt && row.expiresAt.getTime() <= now ? 'This export has expired.' : null),
  };
}
