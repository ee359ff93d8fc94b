// "May message me": the character of a one-to-one conversation may write first after a pause the user chooses
// (docs/notifications.md). Shown under the conversation's memory.
import { useId } from 'react';
import { MessageCircleHeart } from 'lucide-react';
import { WRITES_FIRST_HOURS } from '@reverie/shared';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { getErrorMessage } from '@/lib/api-client';
import { formatCount } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useUpdateWritesFirst, useWritesFirst } from '../api/writes-first';

/** "4 hours", "1 day", "2 days". */
const pauseLabel = (hours: number) => (hours < 24 ? formatCount(hours, 'hour') : formatCount(hours / 24, 'day'));

export function WritesFirstSetting({ conversationId, characterName }: { conversationId: string; characterName: string }) {
  const setting = useWritesFirst(conversationId);
  const update = useUpdateWritesFirst(conversationId);
  const id = useId();
  const save = (body: { enabled: boolean; afterHours: number }) =>
    update.mutate(body, {
      onError: (error) =>
        toast({ title: 'Setting not saved', description: getErrorMessage(error, 'Please try again.'), variant: 'destructive' }),
    });

  if (setting.isPending) return <Skeleton className="h-24 w-full rounded-xl" />;
  if (setting.isError) {
    return (
      <p role="alert" className="text-xs text-danger">
        Could not load whether {characterName} may message you. {getErrorMessage(setting.error, 'Please try again.')}
      </p>
    );
  }
  const s = setting.data;
  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-2 text-sm">
      <h3 id={`${id}-title`} className="flex items-center gap-2 font-semibold text-fg">
        <MessageCircleHeart className="size-4 text-primary" aria-hidden="true" /> Messages from {characterName}
      </h3>
      <label className="flex items-center justify-between gap-3 rounded-lg bg-surface-raised px-3 py-2 ring-1 ring-border">
        <span className="text-fg">May message me</span>
        <Switch
          checked={s.enabled}
          disabled={!s.available || update.isPending}
          onCheckedChange={(enabled) => save({ enabled, afterHours: s.afterHours })}
          aria-describedby={`${id}-about`}
        />
      </label>
      {s.enabled ? (
        <div className="flex items-center gap-2">
          <label htmlFor={`${id}-pause`} className="shrink-0 text-fg-muted">
            When I'm away for
          </label>
          <Select
            id={`${id}-pause`}
            className="flex-1"
            value={String(s.afterHours)}
            disabled={update.isPending}
            onChange={(e) => save({ enabled: true, afterHours: Number(e.target.value) })}
          >
            {WRITES_FIRST_HOURS.map((h) => (
              <option key={h} value={h}>
                {pauseLabel(h)}
              </option>
            ))}
          </Select>
        </div>
      ) : null}
      <p id={`${id}-about`} className="text-xs text-fg-subtle">
        {s.available
          ? `When you have been away, ${characterName} may write first: one message after the pause you choose, then twice as long before the next, and no more than three in a row. These messages are free.`
          : `${characterName} cannot write first on your plan or on this server.`}
      </p>
      {s.enabled && s.unanswered >= 3 ? (
        <p className="text-xs text-fg-muted">{characterName} has written three times without an answer and waits for you now.</p>
      ) : null}
    </section>
  );
}
