// Settings › Personas: your personas with their avatar, pronouns and default, and the editor.
import { useState } from 'react';
import { Pencil, Plus, Star, Trash2, VenetianMask } from 'lucide-react';
import type { Persona } from '@reverie/shared';
import { FormError } from '@/components/form/form-parts';
import { SettingsSection } from '@/components/page/settings-section';
import { Avatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { getErrorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { usePersonas } from '../api/get-personas';
import { useDeletePersona } from '../api/delete-persona';
import { useSetDefaultPersona } from '../api/set-default-persona';
import { PersonaFormDialog } from './persona-form';

export function PersonasCard() {
  const personas = usePersonas();
  const [editing, setEditing] = useState<Persona | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Persona | null>(null);
  const remove = useDeletePersona();
  const setDefault = useSetDefaultPersona();
  const items = personas.data?.items ?? [];
  const max = personas.data?.max ?? 20;
  const full = items.length >= max;

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
        <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-border-strong px-4 py-8 text-center">
          <VenetianMask aria-hidden="true" className="size-8 text-primary" />
          <p className="font-semibold text-fg">No personas yet</p>
          <p className="max-w-sm text-sm text-fg-muted">
            Make one to play a character of your own: a name, a few lines about them, and a face.
          </p>
          <Button onClick={() => setEditing('new')}>
            <Plus aria-hidden="true" />
            Create a persona
          </Button>
        </div>
      ) : (
        <div className="grid gap-3">
          <ul className="grid gap-2" aria-label="Your personas">
            {items.map((p) => (
              <li key={p.id} className="flex items-start gap-3 rounded-xl border border-border bg-surface p-3" data-testid="persona-row">
                <Avatar name={p.name} src={p.avatarUrl} className="mt-0.5 shrink-0" />
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                    <span className="truncate font-semibold text-fg">{p.name}</span>
                    {p.pronouns ? <span className="text-xs text-fg-subtle">{p.pronouns}</span> : null}
                    {p.isDefault ? <Badge variant="primary">Default</Badge> : null}
                  </div>
                  {p.description ? (
                    <p className="mt-1 line-clamp-2 text-sm text-fg-muted [overflow-wrap:anywhere]">{p.description}</p>
                  ) : null}
                  <div className="mt-2 flex flex-wrap gap-1">
                    <Button size="sm" variant="ghost" onClick={() => setEditing(p)} aria-label={`Edit ${p.name}`}>
                      <Pencil aria-hidden="true" />
                      Edit
                    </Button>
                    {p.isDefault ? null : (
                      <Button
                        size="sm"
                        variant="ghost"
                        onClick={() => makeDefault(p)}
                        disabled={setDefault.isPending}
                        aria-label={`Make ${p.name} the default`}
                      >
                        <Star aria-hidden="true" />
                        Make default
                      </Button>
                    )}
                    <Button size="sm" variant="ghost" onClick={() => setDeleting(p)} aria-label={`Delete ${p.name}`}>
                      <Trash2 aria-hidden="true" />
                      Delete
                    </Button>
                  </div>
                </div>
              </li>
            ))}
          </ul>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-xs text-fg-subtle tabular-nums">
              {items.length} of {max} personas{full ? ': delete one to make another.' : ''}
            </p>
            <Button variant="secondary" onClick={() => setEditing('new')} disabled={full}>
              <Plus aria-hidden="true" />
              New persona
            </Button>
          </div>
        </div>
      )}
      <PersonaFormDialog
        key={editing === 'new' ? 'new' : (editing?.id ?? 'closed')}
        persona={editing === 'new' || editing === null ? undefined : editing}
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={`Delete ${deleting?.name ?? 'this persona'}?`}
        description={
          deleting?.isDefault
            ? 'Chats that use it switch to your oldest other persona, which becomes the default.'
            : 'Chats that use it switch to your default persona. Messages already written stay as they are.'
        }
        confirmLabel="Delete persona"
        busyLabel="Deleting..."
        busy={remove.isPending}
        destructive
        onConfirm={confirmDelete}
      />
    </SettingsSection>
  );
}
