import { useEffect, useState, type ReactNode } from 'react';
import { Brain, Pin, X } from 'lucide-react';
import { MAX_PINNED_FACT, MAX_PINNED_FACTS, type ChatMemory } from '@reverie/shared';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { toast } from '@/lib/toast';
import { getErrorMessage } from '@/lib/api-client';
import { useUpdateMemory } from '../api/update-memory';
import { JournalSection } from './journal-section';
import { RecallSwitch } from './recall-switch';

type Save = (next: { summary: string; pinned: string[] }) => Promise<boolean>;

/** The conversation's memory: the model's running summary (editable) and facts the user pinned. */
export function MemoryPanel({ conversationId, memory }: { conversationId: string; memory: ChatMemory }) {
  const update = useUpdateMemory();
  const [summary, setSummary] = useState(memory.summary);
  const [pinned, setPinned] = useState(memory.pinned);
  useEffect(() => {
    setSummary(memory.summary);
    setPinned(memory.pinned);
  }, [memory]);

  const save: Save = async (next) => {
    try {
      const saved = await update.mutateAsync({ conversationId, body: next });
      setPinned(saved.pinned);
      toast({ title: 'Memory saved', variant: 'success' });
      return true;
    } catch (error) {
      toast({ title: 'Memory not saved', description: getErrorMessage(error, 'Please try again.'), variant: 'destructive' });
      return false;
    }
  };

  return (
    <div className="flex flex-col gap-5 text-sm">
      <RecallSwitch conversationId={conversationId} enabled={memory.recall} />
      <PinnedFacts pinned={pinned} saving={update.isPending} onSave={(next) => save({ summary, pinned: next })} />
      <JournalSection conversationId={conversationId} />
      <section aria-labelledby="memory-summary">
        <h3 id="memory-summary" className="mb-1 font-semibold text-fg">
          Summary
        </h3>
        <p className="mb-2 text-xs text-fg-subtle">
          Written by the model every few messages and used when the conversation no longer fits. You can correct it.
        </p>
        <label htmlFor="memory-summary-text" className="sr-only">
          Conversation summary
        </label>
        <textarea
          id="memory-summary-text"
          value={summary}
          onChange={(e) => setSummary(e.target.value)}
          rows={7}
          maxLength={4000}
          placeholder="Nothing summarised yet."
          className="w-full resize-y rounded-lg bg-surface-raised p-3 text-fg-muted ring-1 ring-border placeholder:text-fg-subtle focus:ring-2 focus:ring-primary focus:outline-none"
        />
        <div className="mt-2 flex justify-end">
          <Button
            size="sm"
            variant="secondary"
            disabled={update.isPending || summary === memory.summary}
            onClick={() => void save({ summary, pinned })}
          >
            Save summary
          </Button>
        </div>
      </section>
    </div>
  );
}

function PinnedFacts({ pinned, saving, onSave }: { pinned: string[]; saving: boolean; onSave: (pinned: string[]) => Promise<boolean> }) {
  const [fact, setFact] = useState('');
  return (
    <section aria-labelledby="memory-pinned">
      <h3 id="memory-pinned" className="mb-1 font-semibold text-fg">
        Pinned facts
      </h3>
      <p className="mb-2 text-xs text-fg-subtle">Always remembered, e.g. “My name is Sam, I'm a pilot”.</p>
      {pinned.length ? (
        <ul className="mb-2 flex flex-col gap-1.5">
          {pinned.map((p, i) => (
            <li key={`${i}-${p}`} className="flex items-start gap-2 rounded-lg bg-surface-raised px-3 py-2 ring-1 ring-border">
              <Pin className="mt-0.5 size-3.5 shrink-0 text-primary" aria-hidden="true" />
              <span className="flex-1 break-words text-fg-muted">{p}</span>
              <button
                type="button"
                className="rounded text-fg-subtle hover:text-fg focus-visible:ring-2 focus-visible:ring-primary focus-visible:outline-none"
                aria-label={`Unpin “${p}”`}
                disabled={saving}
                onClick={() => void onSave(pinned.filter((_, j) => j !== i))}
              >
                <X className="size-4" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <form
        className="flex gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          const value = fact.trim();
          if (!value) return;
          void onSave([...pinned, value]).then((ok) => ok && setFact(''));
        }}
      >
        <label htmlFor="memory-fact" className="sr-only">
          A fact to pin
        </label>
        <input
          id="memory-fact"
          value={fact}
          onChange={(e) => setFact(e.target.value)}
          maxLength={MAX_PINNED_FACT}
          placeholder="Add a fact"
          disabled={pinned.length >= MAX_PINNED_FACTS}
          className="h-9 min-w-0 flex-1 rounded-lg bg-surface-raised px-3 text-fg ring-1 ring-border placeholder:text-fg-subtle focus:ring-2 focus:ring-primary focus:outline-none"
        />
        <Button size="sm" type="submit" disabled={saving || !fact.trim()}>
          Pin
        </Button>
      </form>
    </section>
  );
}

interface PlaceProps {
  conversationId: string;
  memory: ChatMemory;
  /** What the page adds under the memory (a one-to-one chat: whether the character may write first). */
  extra?: ReactNode;
}

/** The memory beside the conversation from 1280 px on. */
export function MemoryAside({ extra, ...props }: PlaceProps) {
  return (
    <aside className="hidden w-80 shrink-0 overflow-y-auto border-l border-border p-4 xl:block" aria-label="Memory">
      <h2 className="mb-3 flex items-center gap-2 font-semibold text-fg">
        <Brain className="size-4 text-primary" /> Memory
      </h2>
      <MemoryPanel {...props} />
      {extra ? <div className="mt-6 border-t border-border pt-5">{extra}</div> : null}
    </aside>
  );
}

/** The memory in a dialog below 1280 px (the header's brain button). */
export function MemoryDialog({
  open,
  onOpenChange,
  characterName,
  extra,
  ...props
}: PlaceProps & {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  characterName: string;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[85dvh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Memory</DialogTitle>
          <DialogDescription>What {characterName} remembers about this conversation.</DialogDescription>
        </DialogHeader>
        <MemoryPanel {...props} />
        {extra ? <div className="mt-2 border-t border-border pt-5">{extra}</div> : null}
      </DialogContent>
    </Dialog>
  );
}
