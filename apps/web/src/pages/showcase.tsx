import { LayoutGrid } from 'lucide-react';
import { SimplePage } from '@/components/page/simple-page';

export default function ShowcasePage() {
  return (
    <SimplePage
      title="Gallery"
      description="A showcase of the most striking images from the community."
      icon={<LayoutGrid />}
      empty={{
        title: 'The showcase is empty',
        description: 'Standout images are featured here. Generate something beautiful and it might be next.',
        action: { label: 'Generate images', to: '/generate-images' },
      }}
    />
  );
}
