import { AlertTriangle, Download, FileArchive, Loader2 } from 'lucide-react';
import type { AccountExport } from '@reverie/shared';
import { FormError } from '@/components/form/form-parts';
import { SettingsSection } from '@/components/page/settings-section';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { getErrorMessage } from '@/lib/api-client';
import { formatDate, formatNumber } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useDownloadExport, useExports, useRequestExport } from '../api/exports';

const size = (bytes: number | null) =>
  bytes === null
    ? ''
    : bytes < 1024 * 1024
      ? `${formatNumber(Math.max(1, Math.round(bytes / 1024)))} KB`
      : `${formatNumber(bytes / 1024 / 1024, { maximumFractionDigits: 1 })} MB`;

function ExportStatus({ row }: { row: AccountExport }) {
  const download = useDownloadExport();
  const expired = row.status === 'ready' && row.expiresAt !== null && Date.parse(row.expiresAt) <= Date.now();
  if (row.status === 'pending') {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-fg-muted">
        <Loader2 aria-hidden="true" className="size-4 animate-spin text-primary" />
        Preparing your data. You will get a notification when it is ready; you can leave this page.
      </p>
    );
  }
  if (row.status === 'failed' || expired) {
    return (
      <p className="flex items-start gap-2 text-sm text-fg-muted">
        <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-warning" />
        {expired
          ? 'Your last export has expired. Ask for a new one.'
          : (row.error ?? 'Your last export could not be made. Ask for a new one.')}
      </p>
    );
  }
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-border bg-surface-raised/60 p-3">
      <div className="min-w-0 text-sm">
        <p className="font-medium text-fg">Your data is ready</p>
        <p className="text-fg-muted">
          {size(row.sizeBytes)} · made {formatDate(row.readyAt ?? row.createdAt, 'shortDateTime')} · available until{' '}
          {formatDate(row.expiresAt ?? row.createdAt, 'date')}
        </p>
      </div>
      <Button
        variant="secondary"
        disabled={download.isPending}
        onClick={() =>
          download.mutate(row, {
            onError: (err) =>
              toast({ title: 'Download failed', description: getErrorMessage(err, 'Please try again.'), variant: 'destructive' }),
          })
        }
      >
        <Download aria-hidden="true" />
        {download.isPending ? 'Downloading...' : 'Download zip'}
      </Button>
    </div>
  );
}

/**
 * "Download my data": asks the server for a zip of everything the account holds, prepared in the background; the
 * newest export shows its state (preparing, ready with its download, failed or expired).
 */
export function DataExportCard() {
  const exports = useExports();
  const request = useRequestExport();
  const latest = exports.data?.exports[0];
  const preparing = latest?.status === 'pending';
  return (
    <SettingsSection
      id="account-data"
      title="Your data"
      description="A zip of everything your account holds: profile, characters (.charx), chats (.jsonl), pictures, coin history and invoices. Ready links work for 7 days."
      icon={<FileArchive />}
    >
      <div className="grid gap-4">
        {exports.isPending ? (
          <Skeleton className="h-14 w-full rounded-xl" />
        ) : exports.isError ? (
          <FormError>{getErrorMessage(exports.error, 'Your exports could not be loaded.')}</FormError>
        ) : latest ? (
          <ExportStatus row={latest} />
        ) : (
          <p className="text-sm text-fg-muted">You have not downloaded your data yet.</p>
        )}
        {request.isError ? <FormError>{getErrorMessage(request.error, 'The export could not be started.')}</FormError> : null}
        <div>
          <Button
            disabled={request.isPending || preparing}
            onClick={() =>
              request.mutate(undefined, {
                onSuccess: () =>
                  toast({
                    title: 'Preparing your data',
                    description: 'We will notify you when the download is ready.',
                    variant: 'success',
                  }),
              })
            }
          >
            <FileArchive aria-hidden="true" />
            {request.isPending ? 'Starting...' : 'Download my data'}
          </Button>
        </div>
      </div>
    </SettingsSection>
  );
}
