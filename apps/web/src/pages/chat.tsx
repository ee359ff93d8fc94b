import { MessageCircle } from 'lucide-react';
import { SimplePage } from '@/components/page/simple-page';

export default function ChatPage() {
  return (
    <SimplePage
      title="Chat"
      description="A private conversation between you and your character."
      icon={<MessageCircle />}
      empty={{
        title: 'Start the conversation',
        description: 'Messages you exchange with this character will appear here. Say hello to break the ice.',
        action: { label: 'All chats', to: '/chat' },
      }}
    />
  );
}
