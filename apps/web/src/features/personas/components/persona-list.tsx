// Settings › Personas: the list of your personas, each with its edit, default and delete buttons, and how many more fit.
import { Pencil, Plus, Star, Trash2 } from 'lucide-react';
import type { Persona } from '@reverie/shared';
import { Avatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';

interface PersonaActions {
  onEdit: (p: Persona) => void;
  onMakeDefault: (p: Persona) => void;
  /** A default is being set: the other "Make default" buttons wait. */
  makingDefault: boolean;
  onDelete: (p: Persona) => void;
}

/** Your personas, one row each, then how many of the allowed number you have and the button for another. */
export function PersonaList({
  items,
  max,
  onCreate,
  ...actions
}: PersonaActions & { items: Persona[]; max: number; onCreate: () => void }) {
  const full = items.length >= max;
  return (
    <div className="grid gap-3">
      <ul className="grid gap-2" aria-label="Your personas">
        {items.map((p) => (
          <PersonaRow key={p.id} persona={p} {...actions} />
        ))}
      </ul>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-xs text-fg-subtle tabular-nums">
          {items.length} of {max} personas{full ? ': delete one to make another.' : ''}
        </p>
        <Button variant="secondary" onClick={onCreate} disabled={full}>
          <Plus aria-hidden="true" />
          New persona
        </Button>
      </div>
    </div>
  );
}

/** One persona: avatar, name, pronouns, the default badge, the start of its description, and its buttons. */
function PersonaRow({ persona: p, onEdit, onMakeDefault, makingDefault, onDelete }: PersonaActions & { persona: Persona }) {
  return (
    <li className="flex items-start gap-3 rounded-xl border border-border bg-surface p-3" data-testid="persona-row">
      <Avatar name={p.name} src={p.avatarUrl} className="mt-0.5 shrink-0" />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="truncate font-semibold text-fg">{p.name}</span>
          {p.pronouns ? <span className="text-xs text-fg-subtle">{p.pronouns}</span> : null}
          {p.isDefault ? <Badge variant="primary">Default</Badge> : null}
        </div>
        {p.description ? <p className="mt-1 line-clamp-2 text-sm text-fg-muted [overflow-wrap:anywhere]">{p.description}</p> : null}
        <div className="mt-2 flex flex-wrap gap-1">
          <Button size="sm" variant="ghost" onClick={() => onEdit(p)} aria-label={`Edit ${p.name}`}>
            <Pencil aria-hidden="true" />
            Edit
          </Button>
          {p.isDefault ? null : (
            <Button
              size="sm"
              variant="ghost"
              onClick={() => onMakeDefault(p)}
              disabled={makingDefault}
              aria-label={`Make ${p.name} the default`}
            >
              <Star aria-hidden="true" />
              Make default
            </Button>
          )}
          <Button size="sm" variant="ghost" onClick={() => onDelete(p)} aria-label={`Delete ${p.name}`}>
            <Trash2 aria-hidden="true" />
            Delete
          </Button>
        </div>
      </div>
    </li>
  );
}
