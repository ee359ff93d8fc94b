import { useParams } from 'react-router';
import { BookOpenText } from 'lucide-react';
import { SimplePage } from '@/components/page/simple-page';

function titleFromSlug(slug: string): string {
  const words = slug.split('-').filter(Boolean).join(' ');
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : 'Guide';
}

export default function GuidePage() {
  const { slug = '' } = useParams();
  return (
    <SimplePage
      title={titleFromSlug(slug)}
      description="A guide from the Reverie team."
      icon={<BookOpenText />}
      empty={{
        title: 'This guide is not available',
        description: "We couldn't find an article at this address. Browse the full list of guides instead.",
        action: { label: 'All guides', to: '/guides' },
      }}
    />
  );
}
