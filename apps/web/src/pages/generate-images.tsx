import { ImagePlus } from 'lucide-react';
import { SimplePage } from '@/components/page/simple-page';

export default function GenerateImagesPage() {
  return (
    <SimplePage
      title="Generate images"
      description="Describe a scene and bring your characters to life."
      icon={<ImagePlus />}
      empty={{
        title: 'Your creations will appear here',
        description: 'Pick a character, write a prompt and your generated images will collect in this space.',
        action: { label: 'Browse the gallery', to: '/showcase' },
      }}
    />
  );
}
