import { BookOpen } from 'lucide-react';
import { SimplePage } from '@/components/page/simple-page';

export default function GuidesPage() {
  return (
    <SimplePage
      title="Guides"
      description="Tips and walkthroughs for getting the most out of Reverie."
      icon={<BookOpen />}
      empty={{
        title: 'No guides published yet',
        description: 'Articles on writing great characters, prompting images and using coins will be listed here.',
        action: { label: 'Explore features', to: '/features' },
      }}
    />
  );
}
