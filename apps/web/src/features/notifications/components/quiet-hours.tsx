import { useId, useState } from 'react';
import type { PushSettings } from '@reverie/shared';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { getErrorMessage } from '@/lib/api-client';
import { browserTimeZone } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useUpdatePushSettings } from '../api/push-settings';

/** Quiet hours: no pushes (and no character writing first) between two local times, in this browser's time zone. */
export function QuietHours({ settings }: { settings: PushSettings }) {
  const id = useId();
  const saved = settings.quietHours;
  const [on, setOn] = useState(saved !== null);
  const [start, setStart] = useState(saved?.start ?? '22:00');
  const [end, setEnd] = useState(saved?.end ?? '08:00');
  const update = useUpdatePushSettings();
  const zone = browserTimeZone();
  const changed = on !== (saved !== null) || (on && (start !== saved?.start || end !== saved?.end || zone !== saved?.timeZone));

  const save = () =>
    update.mutate(
      { quietHours: on ? { start, end, timeZone: zone } : null },
      {
        onSuccess: () => toast({ title: on ? 'Quiet hours saved' : 'Quiet hours turned off' }),
        onError: (err) =>
          toast({ title: 'Could not save quiet hours', description: getErrorMessage(err, 'Please try again.'), variant: 'destructive' }),
      },
    );

  return (
    <div className="grid gap-3">
      <div className="flex items-center justify-between gap-6">
        <div>
          <Label htmlFor={`${id}-on`}>Quiet hours</Label>
          <p id={`${id}-hint`} className="mt-1 text-sm text-fg-muted">
            Nothing is pushed in this window; everything still waits for you in the bell. Times are in your time zone ({zone}).
          </p>
        </div>
        <Switch id={`${id}-on`} checked={on} onCheckedChange={setOn} aria-describedby={`${id}-hint`} />
      </div>
      {on ? (
        <div className="flex flex-wrap items-end gap-3">
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-start`}>From</Label>
            <Input id={`${id}-start`} type="time" required value={start} onChange={(e) => setStart(e.target.value)} className="w-32" />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-end`}>Until</Label>
            <Input id={`${id}-end`} type="time" required value={end} onChange={(e) => setEnd(e.target.value)} className="w-32" />
          </div>
        </div>
      ) : null}
      {on && start === end ? <p className="text-sm text-danger">Choose a different time for the end of quiet hours.</p> : null}
      <div>
        <Button
          variant="secondary"
          size="sm"
          disabled={!changed || update.isPending || (on && (!start || !end || start === end))}
          onClick={save}
        >
          {update.isPending ? 'Saving…' : 'Save quiet hours'}
        </Button>
      </div>
    </div>
  );
}
