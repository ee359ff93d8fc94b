import { GalleryHorizontalEnd } from 'lucide-react';
import { SimplePage } from '@/components/page/simple-page';

export default function AllUserImagesPage() {
  return (
    <SimplePage
      title="All user images"
      description="Everything the community has generated, newest first."
      icon={<GalleryHorizontalEnd />}
      empty={{
        title: 'No images yet',
        description: 'When members generate images they will stream in here.',
        action: { label: 'Generate images', to: '/generate-images' },
      }}
    />
  );
}
