import { useParams } from 'react-router';
import { MessageCircleHeart } from 'lucide-react';
import { SimplePage } from '@/components/page/simple-page';

export default function CharacterProfilePage() {
  const { id = '' } = useParams();
  return (
    <SimplePage
      title="Character profile"
      description="Meet the character, browse their gallery and start a conversation."
      icon={<MessageCircleHeart />}
      empty={{
        title: 'Say hello',
        description: 'Every conversation starts with a single message. Open a chat to begin, or look through their images first.',
        action: { label: 'Start chatting', to: `/chat/${encodeURIComponent(id)}` },
        secondary: { label: 'View gallery', to: `/character-gallery/${encodeURIComponent(id)}` },
      }}
    />
  );
}
