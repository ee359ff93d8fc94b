import { Trash2 } from 'lucide-react';
import type { PushDevice } from '@reverie/shared';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { getErrorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useRemovePushDevice } from '../api/push-devices';

/** The account's devices that get pushes; removing one stops its pushes (this device: use "Turn off"). */
export function PushDevices({ devices, thisEndpoint }: { devices: PushDevice[]; thisEndpoint: string | null | undefined }) {
  const remove = useRemovePushDevice();
  if (devices.length === 0) return <p className="text-sm text-fg-muted">No device gets push notifications yet.</p>;
  return (
    <ul className="divide-y divide-border rounded-xl border border-border" aria-label="Devices that get push notifications">
      {devices.map((d) => (
        <li key={d.id} className="flex items-center justify-between gap-3 px-3 py-2.5">
          <div className="min-w-0">
            <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-fg">
              <span className="truncate">{d.label}</span>
              {d.endpoint === thisEndpoint ? <Badge variant="primary">This device</Badge> : null}
            </p>
            <p className="text-xs text-fg-muted">
              Added {formatDate(d.createdAt)}
              {d.lastPushAt ? ` · last notification ${formatDate(d.lastPushAt, 'shortDateTime')}` : ''}
            </p>
          </div>
          <Button
            variant="ghost"
            size="icon-sm"
            aria-label={`Remove ${d.label}`}
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(d.id, {
                onError: (err) =>
                  toast({
                    title: 'Could not remove the device',
                    description: getErrorMessage(err, 'Please try again.'),
                    variant: 'destructive',
                  }),
              })
            }
          >
            <Trash2 aria-hidden="true" />
          </Button>
        </li>
      ))}
    </ul>
  );
}
