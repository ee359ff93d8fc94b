import type { PushSettings, PushTopic } from '@reverie/shared';
import { getErrorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useUpdatePushSettings } from '../api/push-settings';
import { SwitchRow } from '@/components/ui/switch-row';

const TOPICS: Array<{ topic: PushTopic; label: string; hint: string }> = [
  { topic: 'replies', label: 'Replies while you were away', hint: 'A reply you asked for finished after you left the chat.' },
  { topic: 'characters', label: 'Messages from characters', hint: 'A character you allowed to write first has sent you a message.' },
  { topic: 'images', label: 'Pictures ready', hint: 'A picture you asked for is ready (or could not be made).' },
  { topic: 'followers', label: 'New followers', hint: 'Someone started following you.' },
  { topic: 'support', label: 'Support answers', hint: 'The team replied to one of your tickets.' },
];

/** One switch per kind of push, saved to the account (every device) as soon as it changes. */
export function PushTopics({ settings }: { settings: PushSettings }) {
  const update = useUpdatePushSettings();
  const pending = update.isPending ? update.variables.topics : undefined;
  return (
    <div className="divide-y divide-border">
      {TOPICS.map(({ topic, label, hint }) => (
        <SwitchRow
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
