// Settings › Personas: your personas with their avatar, pronouns and default, and the editor.
import { useState } from 'react';
import { Plus, VenetianMask } from 'lucide-react';
import type { Persona } from '@reverie/shared';
import { FormError } from '@/components/form/form-parts';
import { SettingsSection } from '@/components/page/settings-section';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { getErrorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { usePersonas } from '../api/get-personas';
import { useDeletePersona } from '../api/delete-persona';
import { useSetDefaultPersona } from '../api/set-default-persona';
import { PersonaFormDialog } from './persona-form';
import { PersonaList } from './persona-list';

export function PersonasCard() {
  const personas = usePersonas();
  const [editing, setEditing] = useState<Persona | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Persona | null>(null);
  const remove = useDeletePersona();
  const setDefault = useSetDefaultPersona();
  const items = personas.data?.items ?? [];
  const max = personas.data?.max ?? 20;

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast({ title: `${deleting.name} deleted`, variant: 'success' });
        setDeleting(null);
      },
      onError: (err) => toast({ title: 'Could not delete', description: getErrorMessage(err, 'Try again.'), variant: 'destructive' }),
    });
  };

  const makeDefault = (p: Persona) =>
    setDefault.mutate(p.id, {
      onSuccess: () => toast({ title: `${p.name} is your default persona`, variant: 'success' }),
      onError: (err) =>
        toast({ title: 'Could not change the default', description: getErrorMessage(err, 'Try again.'), variant: 'destructive' }),
    });

  return (
    <SettingsSection
      id="personas"
      title="Personas"
      description={
        <>
          Who you are in a story. <code className="text-fg">{'{{user}}'}</code> in a character&apos;s text becomes your persona&apos;s name,
          and its description goes to the character. Without a persona, your username is used.
        </>
      }
      icon={<VenetianMask />}
    >
      {personas.isPending ? (
        <div className="grid gap-3" role="status" aria-busy="true" aria-label="Loading personas">
          <Skeleton className="h-16 w-full rounded-xl" />
          <Skeleton className="h-16 w-full rounded-xl" />
        </div>
      ) : personas.isError ? (
        <FormError>
          {getErrorMessage(personas.error, 'Your personas could not be loaded.')}{' '}
          <button type="button" className="font-medium underline" onClick={() => void personas.refetch()}>
            Try again
          </button>
        </FormError>
      ) : items.length === 0 ? (
        <NoPersonas onCreate={() => setEditing('new')} />
      ) : (
        <PersonaList
          items={items}
          max={max}
          onCreate={() => setEditing('new')}
          onEdit={setEditing}
          onMakeDefault={makeDefault}
          makingDefault={setDefault.isPending}
          onDelete={setDeleting}
        />
      )}
      <PersonaFormDialog
        key={editing === 'new' ? 'new' : (editing?.id ?? 'closed')}
        persona={editing === 'new' || editing === null ? undefined : editing}
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
      />
      <DeletePersonaDialog persona={deleting} onClose={() => setDeleting(null)} busy={remove.isPending} onConfirm={confirmDelete} />
    </SettingsSection>
  );
}

/** The empty state: what a persona is for, and the button to make the first. */
function NoPersonas({ onCreate }: { onCreate: () => void }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-border-strong px-4 py-8 text-center">
      <VenetianMask aria-hidden="true" className="size-8 text-primary" />
      <p className="font-semibold text-fg">No personas yet</p>
      <p className="max-w-sm text-sm text-fg-muted">
        Make one to play a character of your own: a name, a few lines about them, and a face.
      </p>
      <Button onClick={onCreate}>
        <Plus aria-hidden="true" />
        Create a persona
      </Button>
    </div>
  );
}

/** Asks before deleting; says where the chats that use the persona go (the oldest other one when it is the default). */
function DeletePersonaDialog({
  persona,
  onClose,
  busy,
  onConfirm,
}: {
  /** The persona to delete; null: closed. */
  persona: Persona | null;
  onClose: () => void;
  busy: boolean;
  onConfirm: () => void;
}) {
  return (
    <ConfirmDialog
      open={persona !== null}
      onOpenChange={(open) => !open && onClose()}
      title={`Delete ${persona?.name ?? 'this persona'}?`}
      description={
        persona?.isDefault
          ? 'Chats that use it switch to your oldest other persona, which becomes the default.'
          : 'Chats that use it switch to your default persona. Messages already written stay as they are.'
      }
      confirmLabel="Delete persona"
      busyLabel="Deleting..."
      busy={busy}
      destructive
      onConfirm={onConfirm}
    />
  );
}
