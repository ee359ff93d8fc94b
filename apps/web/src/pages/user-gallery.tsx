import { useParams } from 'react-router';
import { Images } from 'lucide-react';
import { LinkButton } from '@/components/page/link-button';
import { SimplePage } from '@/components/page/simple-page';
import { Badge } from '@/components/ui/badge';

export default function UserGalleryPage() {
  const { characterId } = useParams();
  return (
    <SimplePage
      title="Your gallery"
      description="Every image you've generated, ready to revisit, download or share."
      icon={<Images />}
      empty={{
        title: characterId ? 'No images of this character yet' : "You haven't generated any images yet",
        description: 'Write a prompt on the image page and your results will be saved here automatically.',
        action: { label: 'Generate images', to: '/generate-images' },
      }}
    >
      {characterId ? (
        <div className="mb-4 flex items-center gap-3">
          <Badge variant="accent">Filtered by character</Badge>
          <LinkButton to="/user-gallery" variant="link" size="sm">
            Show all images
          </LinkButton>
        </div>
      ) : null}
    </SimplePage>
  );
}
