import { Link } from 'react-router';
import { EyeOff } from 'lucide-react';
import type { ImageItem } from '@reverie/shared';
import { Avatar } from '@/components/ui/avatar';
import { ReportMenu } from '@/features/moderation';
import { ImageActions } from './image-actions';
import { LikeImageButton } from './like-image-button';
import { formatDate } from '@/lib/format';

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
      <ImageFacts image={image} />
      {image.moderationHidden ? <HiddenByModeratorsNote /> : null}
      {!image.isOwner ? <ViewerActions image={image} onChange={onChange} /> : null}
      <ImageActions image={image} onChange={onChange} onRemove={onRemove} />
    </aside>
  );
}

/** Size, model, seed, when, who sees it, and that it is AI-made. */
function ImageFacts({ image }: { image: ImageItem }) {
  const facts: Array<[string, string]> = [
    ['Size', `${image.width} × ${image.height}`],
    ['Model', image.model || 'Default model'],
    ...(image.seed !== null ? ([['Seed', String(image.seed)]] as Array<[string, string]>) : []),
    ['Made', formatDate(image.createdAt, 'dateTime')],
    ['Visibility', image.visibility === 'public' ? 'Public' : 'Private (only you)'],
    ['Source', 'AI-generated (marked in the file)'],
  ];
  return (
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
  );
}

/** Told to the owner of a picture moderators hid: private until restored, and where to ask for a review. */
function HiddenByModeratorsNote() {
  return (
    <p role="note" className="flex items-start gap-2 rounded-xl bg-danger-strong/10 p-3 text-sm text-fg-muted ring-1 ring-danger/30">
      <EyeOff aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-danger" />
      <span>
        <span className="font-semibold text-fg">Hidden by moderators.</span> Only you can see it; it stays private until they restore it.
        The reason is in your notifications.{' '}
        <Link to="/support" className="font-medium text-primary hover:underline">
          Ask for a review
        </Link>
        .
      </span>
    </p>
  );
}

/** Someone else's picture: like it, and report it once it is made. */
function ViewerActions({ image, onChange }: { image: ImageItem; onChange?: (i: ImageItem) => void }) {
  return (
    <div className="flex items-center gap-2">
      <div className="flex">
        <LikeImageButton image={image} onChange={onChange} />
      </div>
      {image.status === 'ready' ? (
        <ReportMenu
          subject={{
            type: 'image',
            id: image.id,
            name: image.character ? `picture of ${image.character.name}` : `picture by @${image.owner.username}`,
            url: `/api/images/${image.id}/full.webp`,
          }}
          className="ml-auto"
        />
      ) : null}
    </div>
  );
}
