import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Pencil, Trash2 } from 'lucide-react';
import type { CharacterProfile } from '@reverie/shared';
import { LinkButton } from '@/components/page/link-button';
import { Button } from '@/components/ui/button';
import { DeleteCharacterDialog } from './delete-character-dialog';
import { ExportCardMenu } from './export-card-menu';

/** What the owner sees on their character's profile: Edit, Export and Delete. */
export function OwnerActions({ character }: { character: CharacterProfile }) {
  const [deleting, setDeleting] = useState(false);
  const navigate = useNavigate();
  return (
    <div
      role="group"
      aria-label="Your character"
      className="mt-3 flex flex-wrap items-center gap-2 rounded-2xl bg-surface p-2 ring-1 ring-border"
    >
      <span className="px-2 text-xs font-medium text-fg-subtle">
        Your character · <span className="text-fg-muted capitalize">{character.visibility}</span>
      </span>
      <LinkButton to={`/create-character?edit=${character.id}`} variant="secondary" size="sm">
        <Pencil aria-hidden="true" />
        Edit
      </LinkButton>
      <ExportCardMenu character={character} />
      <Button variant="ghost" size="sm" className="text-danger hover:text-danger" onClick={() => setDeleting(true)}>
        <Trash2 aria-hidden="true" />
        Delete
      </Button>
      <DeleteCharacterDialog
        character={deleting ? character : null}
        onOpenChange={setDeleting}
        onDeleted={() => void navigate('/user-characters', { replace: true })}
      />
    </div>
  );
}
