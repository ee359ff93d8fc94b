import { GalleryHorizontalEnd } from 'lucide-react';
import { EmptyState } from '@/components/page/empty-state';
import { LinkButton } from '@/components/page/link-button';
import { Page } from '@/components/page/page';
import { useImagesInfinite } from '@/features/images';
import { InfiniteGallery } from '@/features/images';

/** /all-user-images: every public picture, newest first. */
export default function AllUserImagesPage() {
  const query = useImagesInfinite({});
  return (
    <Page title="All user images" description="Everything the community has shared, newest first." icon={<GalleryHorizontalEnd />}>
      <InfiniteGallery
        query={query}
        label="All user images"
        showOwner
        empty={
          <EmptyState
            icon={<GalleryHorizontalEnd />}
            title="No images yet"
            description="When members share the pictures they generate, they stream in here."
            action={<LinkButton to="/generate-images">Generate images</LinkButton>}
          />
        }
      />
    </Page>
  );
}
