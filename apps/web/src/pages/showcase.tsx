import { GalleryHorizontalEnd, LayoutGrid } from 'lucide-react';
import { EmptyState } from '@/components/page/empty-state';
import { LinkButton } from '@/components/page/link-button';
import { Page } from '@/components/page/page';
import { useShowcaseInfinite } from '@/features/images';
import { InfiniteGallery } from '@/features/images';

/** /showcase and /gallery: the team's picks and the most liked public pictures. */
export default function ShowcasePage() {
  const query = useShowcaseInfinite();
  return (
    <Page
      title="Gallery"
      description="A showcase of the most striking images from the community."
      icon={<LayoutGrid />}
      actions={
        <LinkButton to="/all-user-images" variant="secondary" size="sm">
          <GalleryHorizontalEnd aria-hidden="true" /> All user images
        </LinkButton>
      }
    >
      <InfiniteGallery
        query={query}
        label="Showcase"
        showOwner
        empty={
          <EmptyState
            icon={<LayoutGrid />}
            title="The showcase is empty"
            description="Standout images are featured here. Generate something beautiful, share it, and it might be next."
            action={<LinkButton to="/generate-images">Generate images</LinkButton>}
          />
        }
      />
    </Page>
  );
}
