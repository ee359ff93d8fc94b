import { Link } from 'react-router';
import type { ImageItem } from '@reverie/shared';
import { Avatar } from '@/components/ui/avatar';
import { ImageActions } from './image-actions';
import { LikeImageButton } from './like-image-button';

const dateFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });

/** The lightbox's side panel: who made it, of whom, the prompt and settings, and what the viewer can do. */
export function ImageDetails({
  image,
  onChange,
  onRemove,
}: {
  image: ImageItem;
  onChange?: (i: ImageItem) => void;
  onRemove: (id: string) => void;
}) {
  const facts: Array<[string, string]> = [
    ['Size', `${image.width} × ${image.height}`],
    ['Model', image.model || 'Default model'],
    ...(image.seed !== null ? ([['Seed', String(image.seed)]] as Array<[string, string]>) : []),
    ['Made', dateFormat.format(new Date(image.createdAt))],
    ['Visibility', image.visibility === 'public' ? 'Public' : 'Private (only you)'],
  ];
  return (
    <aside
      className="flex min-h-0 flex-col gap-4 overflow-y-auto border-t border-border p-4 md:border-t-0 md:border-l md:p-5"
      aria-label="Picture details"
    >
      <div className="flex items-center gap-3 pr-8">
        <Avatar name={image.owner.username} src={image.owner.avatarUrl} size="sm" />
        <div className="min-w-0">
          <p className="truncate text-sm font-semibold text-fg">@{image.owner.username}</p>
          {image.character ? (
            <Link to={`/character-gallery/${image.character.id}`} className="block truncate text-xs text-primary hover:underline">
              More of {image.character.name}
            </Link>
          ) : null}
        </div>
      </div>
      <section>
        <h3 className="text-xs font-semibold tracking-wide text-fg-subtle uppercase">Prompt</h3>
        <p className="mt-1 text-sm whitespace-pre-wrap text-fg break-words">{image.prompt}</p>
        {image.negativePrompt ? (
          <>
            <h3 className="mt-3 text-xs font-semibold tracking-wide text-fg-subtle uppercase">Negative prompt</h3>
            <p className="mt-1 text-sm whitespace-pre-wrap text-fg-muted break-words">{image.negativePrompt}</p>
          </>
        ) : null}
      </section>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
        {facts.map(([k, v]) => (
          <div key={k} className="contents">
            <dt className="text-fg-subtle">{k}</dt>
            <dd className="min-w-0 truncate text-fg-muted" title={v}>
              {v}
            </dd>
          </div>
        ))}
      </dl>
      {!image.isOwner ? <LikeImageButton image={image} onChange={onChange} /> : null}
      <ImageActions image={image} onChange={onChange} onRemove={onRemove} />
    </aside>
  );
}
