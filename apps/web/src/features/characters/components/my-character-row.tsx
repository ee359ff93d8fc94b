import { Link } from 'react-router';
import { Bookmark, Copy, Globe, Heart, Link2, Lock, MessageCircle, Pencil, Trash2 } from 'lucide-react';
import type { CharacterListItem } from '@reverie/shared';
import { LinkButton } from '@/components/page/link-button';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatDate, shortenNumber } from '@/lib/format';
import { CharacterPortrait } from './character-portrait';
import { ExportCardMenu } from './export-card-menu';

const VISIBILITY = {
  public: { label: 'Public', icon: Globe },
  unlisted: { label: 'Unlisted', icon: Link2 },
  private: { label: 'Private', icon: Lock },
} as const;

interface MyCharacterRowProps {
  character: CharacterListItem;
  onDuplicate: () => void;
  duplicating: boolean;
  onDelete: () => void;
}

/** One of the user's characters: portrait, visibility, stats, and Edit, Duplicate, Export and Delete. */
export function MyCharacterRow({ character, onDuplicate, duplicating, onDelete }: MyCharacterRowProps) {
  const v = VISIBILITY[character.visibility];
  return (
    <li
      className="flex flex-col gap-4 rounded-2xl bg-surface p-3 ring-1 ring-border sm:p-4 xl:flex-row xl:items-center"
      data-testid="my-character"
    >
      <Link
        to={`/characters/${character.id}`}
        className="flex min-w-0 grow items-center gap-4 rounded-xl focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        <div className="aspect-[2/3] w-16 shrink-0 overflow-hidden rounded-xl bg-surface-raised ring-1 ring-border">
          <CharacterPortrait name={character.name} src={character.thumbnailUrl ?? character.avatarUrl} className="text-lg" />
        </div>
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-1.5">
            <h2 className="truncate text-base font-semibold text-fg">{character.name}</h2>
            <Badge variant={character.visibility === 'public' ? 'success' : 'default'}>
              <v.icon aria-hidden="true" />
              {v.label}
            </Badge>
            {character.nsfw ? <Badge variant="nsfw">18+</Badge> : null}
          </div>
          <p className="mt-0.5 line-clamp-1 text-sm text-fg-muted">{character.persona || 'No tagline yet'}</p>
          <dl className="mt-1.5 flex flex-wrap gap-x-4 gap-y-1 text-xs text-fg-subtle">
            <div className="flex items-center gap-1">
              <dt>
                <MessageCircle aria-label="Chats" className="size-3.5" />
              </dt>
              <dd>{shortenNumber(character.chatCount)}</dd>
            </div>
            <div className="flex items-center gap-1">
              <dt>
                <Heart aria-label="Likes" className="size-3.5" />
              </dt>
              <dd>{shortenNumber(character.likes)}</dd>
            </div>
            <div className="flex items-center gap-1">
              <dt>
                <Bookmark aria-label="Favorites" className="size-3.5" />
              </dt>
              <dd>{shortenNumber(character.favorites)}</dd>
            </div>
            <div className="flex items-center gap-1">
              <dt className="sr-only">Created</dt>
              <dd>Created {formatDate(character.createdAt)}</dd>
            </div>
          </dl>
        </div>
      </Link>
      <div className="flex flex-wrap gap-2 xl:shrink-0 xl:justify-end">
        <LinkButton to={`/create-character?edit=${character.id}`} variant="secondary" size="sm">
          <Pencil aria-hidden="true" />
          Edit
        </LinkButton>
        <Button variant="secondary" size="sm" onClick={onDuplicate} disabled={duplicating} aria-label={`Duplicate ${character.name}`}>
          <Copy aria-hidden="true" />
          {duplicating ? 'Copying...' : 'Duplicate'}
        </Button>
        <ExportCardMenu character={character} />
        <Button
          variant="ghost"
          size="sm"
          className="text-danger hover:text-danger"
          onClick={onDelete}
          aria-label={`Delete ${character.name}`}
        >
          <Trash2 aria-hidden="true" />
          Delete
        </Button>
      </div>
    </li>
  );
}
