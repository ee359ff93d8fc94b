import { useParams } from 'react-router';
import { ImagePlus, Images } from 'lucide-react';
import { EmptyState } from '@/components/page/empty-state';
import { ErrorState } from '@/components/page/error-state';
import { LinkButton } from '@/components/page/link-button';
import { NotFound } from '@/components/page/not-found';
import { Page } from '@/components/page/page';
import { Avatar } from '@/components/ui/avatar';
import { Skeleton } from '@/components/ui/skeleton';
import { useCharacter } from '@/features/characters';
import { useImagesInfinite } from '@/features/images';
import { InfiniteGallery } from '@/features/images';
import { ApiError } from '@/lib/api-client';

/** /character-gallery/{characterId}: every public picture of one character (and your own private ones). */
export default function CharacterGalleryPage() {
  const { characterId } = useParams();
  const character = useCharacter(characterId);
  const query = useImagesInfinite({ characterId }, Boolean(character.data));
  if (character.isError) {
    if (character.error instanceof ApiError && [400, 404].includes(character.error.status)) {
      return (
        <NotFound
          title="Character not found"
          description="There is no character with pictures at this address."
          back={{ label: 'Gallery', to: '/showcase' }}
        />
      );
    }
    return <ErrorState description="We could not load this character." onRetry={() => void character.refetch()} />;
  }
  const c = character.data;
  return (
    <Page
      title={c ? `${c.name}'s gallery` : <Skeleton className="h-9 w-64" />}
      documentTitle={c ? `${c.name} · Gallery` : 'Character gallery'}
      description={c ? c.persona || 'Every picture made of this character.' : 'Every picture made of this character.'}
      icon={c ? <Avatar name={c.name} src={c.thumbnailUrl ?? c.avatarUrl} size="sm" /> : <Images />}
      actions={
        c ? (
          <>
            <LinkButton to={`/characters/${c.id}`} variant="secondary" size="sm">
              Profile
            </LinkButton>
            <LinkButton to={`/generate-images?characterId=${c.id}`} size="sm">
              <ImagePlus aria-hidden="true" /> Generate
            </LinkButton>
          </>
        ) : null
      }
    >
      <InfiniteGallery
        query={query}
        label={c ? `Pictures of ${c.name}` : 'Pictures'}
        showOwner
        empty={
          <EmptyState
            icon={<Images />}
            title="No images of this character yet"
            description="Generate the first one; once it is shared it is shown here for everyone who visits."
            action={c ? <LinkButton to={`/generate-images?characterId=${c.id}`}>Generate an image</LinkButton> : undefined}
          />
        }
      />
    </Page>
  );
}
