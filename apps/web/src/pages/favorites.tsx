import { Heart } from 'lucide-react';
import { SimplePage } from '@/components/page/simple-page';

export default function FavoritesPage() {
  return (
    <SimplePage
      title="Favorites"
      description="Characters you've saved to come back to."
      icon={<Heart />}
      empty={{
        title: 'No favorites yet',
        description: 'Tap the heart on any character to keep them here, one tap away.',
        action: { label: 'Discover characters', to: '/' },
      }}
      grid
    />
  );
}
