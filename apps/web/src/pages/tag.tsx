import { useParams } from 'react-router';
import { Hash } from 'lucide-react';
import { SimplePage } from '@/components/page/simple-page';

export default function TagPage() {
  const { tagName = '' } = useParams();
  return (
    <SimplePage
      title={`#${tagName}`}
      description={`Characters tagged “${tagName}”.`}
      icon={<Hash />}
      empty={{
        title: 'No characters with this tag yet',
        description: 'Try another tag, or create a character and tag it yourself.',
        action: { label: 'Discover characters', to: '/' },
        secondary: { label: 'Create a character', to: '/create-character' },
      }}
    />
  );
}
