import { useNavigate, useParams } from 'react-router';
import { ImagePlus, Images } from 'lucide-react';
import type { User } from '@reverie/shared';
import { EmptyState } from '@/components/page/empty-state';
import { LinkButton } from '@/components/page/link-button';
import { Page } from '@/components/page/page';
import { Label } from '@/components/ui/label';
import { RequireSession } from '@/features/auth';
import { useCharacter } from '@/features/characters';
import { useUserCharactersInfinite } from '@/features/characters';
import { useImagesInfinite } from '@/features/images';
import { InfiniteGallery } from '@/features/images';

function CharacterFilter({ user, characterId }: { user: User; characterId: string | undefined }) {
  const navigate = useNavigate();
  const own = useUserCharactersInfinite(user.id);
  const current = useCharacter(characterId);
  const options = new Map<string, string>();
  if (current.data) options.set(current.data.id, current.data.name);
  for (const c of own.data?.pages.flatMap((p) => p.items) ?? []) options.set(c.id, c.name);
  if (options.size === 0) return null;
  return (
    <div className="mb-5 flex flex-wrap items-center gap-3">
      <Label htmlFor="gallery-character">Character</Label>
      <select
        id="gallery-character"
        value={characterId ?? ''}
        onChange={(e) => navigate(e.target.value ? `/user-gallery/character/${e.target.value}` : '/user-gallery')}
        className="h-9 min-w-48 rounded-xl bg-surface-raised px-3 text-sm text-fg ring-1 ring-border focus:ring-2 focus:ring-primary focus:outline-none"
      >
        <option value="">All characters</option>
        {[...options].map(([id, name]) => (
          <option key={id} value={id}>
            {name}
          </option>
        ))}
      </select>
      {characterId ? (
        <LinkButton to="/user-gallery" variant="link" size="sm">
          Show all images
        </LinkButton>
      ) : null}
    </div>
  );
}

function Gallery({ user, characterId }: { user: User; characterId: string | undefined }) {
  const query = useImagesInfinite({ userId: user.id, ...(characterId ? { characterId } : {}) });
  return (
    <>
      <CharacterFilter user={user} characterId={characterId} />
      <InfiniteGallery
        query={query}
        label="Your pictures"
        empty={
          <EmptyState
            icon={<Images />}
            title={characterId ? 'No images of this character yet' : "You haven't generated any images yet"}
            description="Write a prompt on the image page and your results will be saved here automatically."
            action={
              <LinkButton to={characterId ? `/generate-images?characterId=${characterId}` : '/generate-images'}>Generate images</LinkButton>
            }
          />
        }
      />
    </>
  );
}

/** /user-gallery and /user-gallery/character/{characterId}: everything you made (private and shared). */
export default function UserGalleryPage() {
  const { characterId } = useParams();
  return (
    <Page
      title="Your gallery"
      description="Every image you've generated, ready to revisit, download or share."
      icon={<Images />}
      actions={
        <LinkButton to="/generate-images" size="sm">
          <ImagePlus aria-hidden="true" /> Generate
        </LinkButton>
      }
    >
      <RequireSession title="Sign in to see your gallery" description="Your generated images are kept in your account." icon={<Images />}>
        {(user) => <Gallery key={characterId ?? 'all'} user={user} characterId={characterId} />}
      </RequireSession>
    </Page>
  );
}
