import { MessagesSquare } from 'lucide-react';
import { SimplePage } from '@/components/page/simple-page';

export default function RecentChatsPage() {
  return (
    <SimplePage
      title="Chats"
      description="Pick up right where you left off."
      icon={<MessagesSquare />}
      empty={{
        title: 'No conversations yet',
        description: 'Find a character you like and say hello. Your conversations will be listed here, most recent first.',
        action: { label: 'Discover characters', to: '/' },
      }}
    />
  );
}
