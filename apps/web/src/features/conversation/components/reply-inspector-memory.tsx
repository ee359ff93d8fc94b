// "Why this reply": the memory part. What the reply used (pinned facts, the summary), then the memory as it is now,
// to shape the next reply: pin or drop a fact, edit the summary.
import { useEffect, useState } from 'react';
import { Pin, X } from 'lucide-react';
import { MAX_MEMORY_SUMMARY, MAX_PINNED_FACT, MAX_PINNED_FACTS, type ChatMemory, type ReplyInspection } from '@reverie/shared';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/api-client';
import { formatNumber as n } from '@/lib/format';
import { queryClient } from '@/lib/query-client';
import { chatKeys } from '@/lib/query-keys/chat';
import { toast } from '@/lib/toast';
import { useMemory } from '../api/get-memory';
import { useUpdateMemory } from '../api/update-memory';

/** Saves the memory; true when it was saved (a toast says either way). */
type Save = (next: { summary: string; pinned: string[] }, done: string) => Promise<boolean>;

export function InspectorMemory({ conversationId, inspection: i }: { conversationId: string; inspection: ReplyInspection }) {
  const memory = useMemory(conversationId);
  const update = useUpdateMemory();

  const save: Save = async (next, done) => {
    try {
      const saved = await update.mutateAsync({ conversationId, body: next });
      queryClient.setQueryData<ChatMemory>(chatKeys.memory(conversationId), saved);
      toast({ title: done, variant: 'success' });
      return true;
    } catch (error) {
      toast({ title: 'Memory not saved', description: getErrorMessage(error, 'Please try again.'), variant: 'destructive' });
      return false;
    }
  };

  const used = `${i.facts.count} pinned ${i.facts.count === 1 ? 'fact' : 'facts'} (${n(i.facts.tokens)} tokens); summary ${
    i.summary.used ? `used (${n(i.summary.tokens)} tokens)` : 'not used'
  }.`;
  return (
    <section aria-labelledby="inspector-memory">
      <h3 id="inspector-memory" className="mb-1 flex items-center gap-2 font-semibold text-fg">
        <Pin className="size-4 text-primary" aria-hidden="true" /> Memory
      </h3>
      <p className="mb-2 text-xs text-fg-subtle">In this reply: {used} Below is the memory as it is now.</p>
      {memory.isPending ? (
        <Spinner label="Loading the memory" />
      ) : memory.isError ? (
        <p role="alert" className="text-danger">
          Could not load the memory.{' '}
          <Button size="sm" variant="link" onClick={() => void memory.refetch()}>
            Try again
          </Button>
        </p>
      ) : (
        <div className="flex flex-col gap-3">
          <Facts memory={memory.data} saving={update.isPending} save={save} />
          <PinFact memory={memory.data} saving={update.isPending} save={save} />
          <Summary memory={memory.data} saving={update.isPending} save={save} />
        </div>
      )}
    </section>
  );
}

interface PartProps {
  memory: ChatMemory;
  saving: boolean;
  save: Save;
}

function Facts({ memory, saving, save }: PartProps) {
  if (!memory.pinned.length) return <p className="text-xs text-fg-subtle">No pinned facts.</p>;
  return (
    <ul className="flex flex-col gap-1.5" data-testid="inspector-facts">
      {memory.pinned.map((p, idx) => (
        <li key={`${idx}-${p}`} className="flex items-start gap-2 rounded-lg bg-surface-raised px-3 py-2 ring-1 ring-border">
          <span className="flex-1 break-words text-fg-muted">{p}</span>
          <Button
            size="sm"
            variant="ghost"
            aria-label={`Drop “${p}”`}
            disabled={saving}
            onClick={() => void save({ summary: memory.summary, pinned: memory.pinned.filter((_, j) => j !== idx) }, 'Fact dropped')}
          >
            <X aria-hidden="true" /> Drop
          </Button>
        </li>
      ))}
    </ul>
  );
}

function PinFact({ memory, saving, save }: PartProps) {
  const [fact, setFact] = useState('');
  return (
    <form
      className="flex gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        const value = fact.trim();
        if (!value) return;
        void save({ summary: memory.summary, pinned: [...memory.pinned, value] }, 'Fact pinned').then((ok) => ok && setFact(''));
      }}
    >
      <label htmlFor="inspector-fact" className="sr-only">
        Pin a fact
      </label>
      <input
        id="inspector-fact"
        value={fact}
        onChange={(e) => setFact(e.target.value)}
        maxLength={MAX_PINNED_FACT}
        placeholder="Pin a fact, e.g. “My name is Sam”"
        disabled={memory.pinned.length >= MAX_PINNED_FACTS}
        className="h-11 min-w-0 flex-1 rounded-lg bg-surface-raised px-3 text-fg ring-1 ring-border placeholder:text-fg-subtle focus:ring-2 focus:ring-primary focus:outline-none sm:h-9"
      />
      <Button size="sm" type="submit" disabled={saving || !fact.trim()}>
        Pin
      </Button>
    </form>
  );
}

function Summary({ memory, saving, save }: PartProps) {
  const [summary, setSummary] = useState(memory.summary);
  useEffect(() => {
    setSummary(memory.summary);
  }, [memory]);
  return (
    <div>
      <label htmlFor="inspector-summary" className="mb-1 block text-xs font-medium text-fg-muted">
        Summary (used when the conversation no longer fits)
      </label>
      <textarea
        id="inspector-summary"
        value={summary}
        onChange={(e) => setSummary(e.target.value)}
        rows={4}
        maxLength={MAX_MEMORY_SUMMARY}
        placeholder="Nothing summarised yet."
        className="w-full resize-y rounded-lg bg-surface-raised p-3 text-fg-muted ring-1 ring-border placeholder:text-fg-subtle focus:ring-2 focus:ring-primary focus:outline-none"
      />
      <div className="mt-1 flex justify-end">
        <Button
          size="sm"
          variant="secondary"
          disabled={saving || summary === memory.summary}
          onClick={() => void save({ summary, pinned: memory.pinned }, 'Summary saved')}
        >
          Save summary
        </Button>
      </div>
    </div>
  );
}
