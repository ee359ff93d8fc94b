// The journal of memories in the chat's memory panel: short facts about you, the relationship and events, written
// by you or by the model every few replies; shared by every conversation with the same character (or group). Pinned
// memories always go into the prompt, the newest as many as fit. Add, edit inline, pin or unpin, and forget (with
// the app's confirmation for what cannot be undone). Memory text is shown as text, never as HTML.
import { useId, useState } from 'react';
import { BookHeart, Pencil, Pin, PinOff, Trash2 } from 'lucide-react';
import { MAX_MEMORY_CHARS, type JournalMemory } from '@reverie/shared';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useAddMemory } from '../api/add-memory';
import { useEditMemory } from '../api/edit-memory';
import { useForgetMemory } from '../api/forget-memory';
import { useJournal } from '../api/get-journal';

const FIELD =
  'h-9 min-w-0 flex-1 rounded-lg bg-surface-raised px-3 text-fg ring-1 ring-border placeholder:text-fg-subtle focus:ring-2 focus:ring-primary focus:outline-none';
const ICON_BUTTON =
  'rounded p-0.5 text-fg-subtle hover:text-fg focus-visible:ring-2 focus-visible:ring-primary focus-visible:outline-none disabled:opacity-50';

const failed = (title: string) => (error: unknown) =>
  toast({ title, description: getErrorMessage(error, 'Please try again.'), variant: 'destructive' });

export function JournalSection({ conversationId }: { conversationId: string }) {
  const journal = useJournal(conversationId);
  const [forgetting, setForgetting] = useState<JournalMemory | null>(null);
  const forget = useForgetMemory();
  const confirmForget = () => {
    const memory = forgetting;
    if (!memory) return;
    forget.mutate(
      { conversationId, memoryId: memory.id },
      {
        onSuccess: () => {
          setForgetting(null);
          toast({ title: 'Memory forgotten', variant: 'success' });
        },
        onError: (error) => {
          setForgetting(null);
          failed('Memory not forgotten')(error);
        },
      },
    );
  };
  return (
    <section aria-labelledby="memory-journal">
      <h3 id="memory-journal" className="mb-1 flex items-center gap-2 font-semibold text-fg">
        <BookHeart className="size-4 text-primary" aria-hidden="true" /> Journal
      </h3>
      <p className="mb-2 text-xs text-fg-subtle">
        Short facts about you, your relationship and what happened. Pinned ones are always remembered, the newest as many as fit.
      </p>
      {journal.isPending ? (
        <Spinner className="size-4" label="Loading the journal" />
      ) : journal.isError ? (
        <div role="alert" className="mb-2 flex items-center gap-2 text-xs text-danger">
          <span className="flex-1">{getErrorMessage(journal.error, 'The journal could not be loaded.')}</span>
          <Button size="sm" variant="secondary" onClick={() => void journal.refetch()}>
            Try again
          </Button>
        </div>
      ) : journal.data.items.length === 0 ? (
        <p className="mb-2 text-xs text-fg-muted">No memories yet. Add one, or they will appear as you chat.</p>
      ) : (
        <ul className="mb-2 flex flex-col gap-1.5" aria-label="Memories">
          {journal.data.items.map((m) => (
            <MemoryItem key={m.id} conversationId={conversationId} memory={m} onForget={() => setForgetting(m)} />
          ))}
        </ul>
      )}
      {journal.data && journal.data.items.length >= journal.data.max ? (
        <p className="text-xs text-fg-subtle">The journal is full ({journal.data.max} memories). Forget one to add another.</p>
      ) : (
        <AddMemory conversationId={conversationId} disabled={!journal.data} />
      )}
      <ConfirmDialog
        open={forgetting !== null}
        onOpenChange={(open) => !open && setForgetting(null)}
        title="Forget this memory?"
        description="It is deleted for good, and the character no longer remembers it in any conversation."
        confirmLabel="Forget"
        busyLabel="Forgetting..."
        busy={forget.isPending}
        destructive
        onConfirm={confirmForget}
      />
    </section>
  );
}

function MemoryItem({ conversationId, memory, onForget }: { conversationId: string; memory: JournalMemory; onForget: () => void }) {
  const edit = useEditMemory();
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(memory.text);
  const inputId = useId();
  const short = memory.text.length > 40 ? `${memory.text.slice(0, 39)}…` : memory.text;
  const save = () => {
    const value = text.trim();
    if (!value || value === memory.text) return setEditing(false);
    edit.mutate(
      { conversationId, memoryId: memory.id, body: { text: value } },
      { onSuccess: () => setEditing(false), onError: failed('Memory not saved') },
    );
  };
  const togglePin = () =>
    edit.mutate(
      { conversationId, memoryId: memory.id, body: { pinned: !memory.pinned } },
      { onError: failed(memory.pinned ? 'Memory not unpinned' : 'Memory not pinned') },
    );
  if (editing)
    return (
      <li className="rounded-lg bg-surface-raised px-3 py-2 ring-1 ring-border">
        <form
          className="flex gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            save();
          }}
        >
          <label htmlFor={inputId} className="sr-only">
            Edit the memory
          </label>
          <input id={inputId} value={text} onChange={(e) => setText(e.target.value)} maxLength={MAX_MEMORY_CHARS} className={FIELD} />
          <Button size="sm" type="submit" disabled={edit.isPending || !text.trim()}>
            Save
          </Button>
          <Button size="sm" variant="secondary" type="button" onClick={() => (setText(memory.text), setEditing(false))}>
            Cancel
          </Button>
        </form>
      </li>
    );
  return (
    <li className="flex items-start gap-2 rounded-lg bg-surface-raised px-3 py-2 ring-1 ring-border">
      {memory.pinned ? <Pin className="mt-0.5 size-3.5 shrink-0 text-primary" aria-label="Pinned" /> : null}
      <span className="flex-1 break-words text-fg-muted">
        {memory.text}
        {memory.source === 'model' ? <span className="ml-1 text-xs text-fg-subtle">(noted by the model)</span> : null}
      </span>
      <button type="button" className={ICON_BUTTON} aria-label={`Edit “${short}”`} onClick={() => (setText(memory.text), setEditing(true))}>
        <Pencil className="size-4" aria-hidden="true" />
      </button>
      <button
        type="button"
        className={ICON_BUTTON}
        aria-label={`${memory.pinned ? 'Unpin' : 'Pin'} “${short}”`}
        disabled={edit.isPending}
        onClick={togglePin}
      >
        {memory.pinned ? <PinOff className="size-4" aria-hidden="true" /> : <Pin className="size-4" aria-hidden="true" />}
      </button>
      <button type="button" className={ICON_BUTTON} aria-label={`Forget “${short}”`} onClick={onForget}>
        <Trash2 className="size-4" aria-hidden="true" />
      </button>
    </li>
  );
}

function AddMemory({ conversationId, disabled }: { conversationId: string; disabled: boolean }) {
  const add = useAddMemory();
  const [text, setText] = useState('');
  return (
    <form
      className="flex gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        const value = text.trim();
        if (!value) return;
        add.mutate({ conversationId, text: value }, { onSuccess: () => setText(''), onError: failed('Memory not added') });
      }}
    >
      <label htmlFor="memory-journal-new" className="sr-only">
        A memory to add
      </label>
      <input
        id="memory-journal-new"
        value={text}
        onChange={(e) => setText(e.target.value)}
        maxLength={MAX_MEMORY_CHARS}
        placeholder="Add a memory"
        disabled={disabled}
        className={FIELD}
      />
      <Button size="sm" type="submit" disabled={disabled || add.isPending || !text.trim()}>
        Add
      </Button>
    </form>
  );
}
