import { useEffect, useId, useState } from 'react';
import { Switch } from '@/components/ui/switch';
import { getErrorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useSetRecall } from '../api/set-recall';

/** The per-conversation recall switch: passages from earlier in the conversation go into each reply's prompt. */
export function RecallSwitch({ conversationId, enabled }: { conversationId: string; enabled: boolean }) {
  const id = useId();
  const set = useSetRecall();
  const [checked, setChecked] = useState(enabled);
  useEffect(() => setChecked(enabled), [enabled]);

  const change = (next: boolean) => {
    setChecked(next);
    set.mutate(
      { conversationId, enabled: next },
      {
        onSuccess: () => toast({ title: next ? 'Recall is on' : 'Recall is off', variant: 'success' }),
        onError: (error) => {
          setChecked(!next);
          toast({ title: 'Recall not changed', description: getErrorMessage(error, 'Please try again.'), variant: 'destructive' });
        },
      },
    );
  };

  return (
    <section aria-labelledby={`${id}-title`} className="flex items-start gap-3">
      <div className="min-w-0 flex-1">
        <h3 id={`${id}-title`} className="font-semibold text-fg">
          <label htmlFor={id}>Recall</label>
        </h3>
        <p id={`${id}-hint`} className="text-xs text-fg-subtle">
          Before each reply, the character looks back through this whole conversation for what you are talking about now, by words and by
          meaning. “Why this reply” shows what it found.
        </p>
      </div>
      <Switch id={id} checked={checked} disabled={set.isPending} onCheckedChange={change} aria-describedby={`${id}-hint`} />
    </section>
  );
}
