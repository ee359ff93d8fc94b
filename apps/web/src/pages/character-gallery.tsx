import { Images } from 'lucide-react';
import { SimplePage } from '@/components/page/simple-page';

export default function CharacterGalleryPage() {
  return (
    <SimplePage
      title="Character gallery"
      description="Every image created of this character."
      icon={<Images />}
      empty={{
        title: 'No images of this character yet',
        description: 'Generate the first one and it will be shown here for everyone who visits.',
        action: { label: 'Generate an image', to: '/generate-images' },
      }}
    />
  );
}
