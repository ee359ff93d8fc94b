import { Archive } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { getErrorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useExportEverything } from '../api/transfer';

/** Downloads every character (.charx) and chat (.jsonl) of the account as one zip. */
export function ExportEverythingButton() {
  const exporter = useExportEverything();
  return (
    <Button
      variant="secondary"
      size="sm"
      disabled={exporter.isPending}
      onClick={() =>
        exporter.mutate(undefined, {
          onSuccess: () =>
            toast({ title: 'Export ready', description: 'Your characters and chats were saved as a zip.', variant: 'success' }),
          onError: (err) =>
            toast({ title: 'Export failed', description: getErrorMessage(err, 'The export could not be made.'), variant: 'destructive' }),
        })
      }
    >
      <Archive aria-hidden="true" />
      {exporter.isPending ? 'Preparing...' : 'Download everything'}
    </Button>
  );
}
