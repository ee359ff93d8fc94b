import { useId } from 'react';
import type { PushSettings, PushTopic } from '@reverie/shared';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { getErrorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useUpdatePushSettings } from '../api/push-settings';

const TOPICS: Array<{ topic: PushTopic; label: string; hint: string }> = [
  { topic: 'characters', label: 'Messages from characters', hint: 'A character you allowed to write first has sent you a message.' },
  { topic: 'images', label: 'Pictures ready', hint: 'A picture you asked for is ready (or could not be made).' },
  { topic: 'followers', label: 'New followers', hint: 'Someone started following you.' },
  { topic: 'support', label: 'Support answers', hint: 'The team replied to one of your tickets.' },
];

function TopicRow({
  label,
  hint,
  checked,
  disabled,
  onChange,
}: {
  label: string;
  hint: string;
  checked: boolean;
  disabled: boolean;
  onChange: (v: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-center justify-between gap-6 py-3 first:pt-0 last:pb-0">
      <div>
        <Label htmlFor={id}>{label}</Label>
        <p id={`${id}-hint`} className="mt-1 text-sm text-fg-muted">
          {hint}
        </p>
      </div>
      <Switch id={id} checked={checked} disabled={disabled} onCheckedChange={onChange} aria-describedby={`${id}-hint`} />
    </div>
  );
}

/** One switch per kind of push, saved to the account (every device) as soon as it changes. */
export function PushTopics({ settings }: { settings: PushSettings }) {
  const update = useUpdatePushSettings();
  const pending = update.isPending ? update.variables.topics : undefined;
  return (
    <div className="divide-y divide-border">
      {TOPICS.map(({ topic, label, hint }) => (
        <TopicRow
          key={topic}
          label={label}
          hint={hint}
          checked={pending?.[topic] ?? settings.topics[topic]}
          disabled={update.isPending}
          onChange={(next) =>
            update.mutate(
              { topics: { [topic]: next } },
              {
                onError: (err) =>
                  toast({
                    title: 'Could not save your settings',
                    description: getErrorMessage(err, 'Please try again.'),
                    variant: 'destructive',
                  }),
              },
            )
          }
        />
      ))}
    </div>
  );
}
