import { useParams } from 'react-router';
import { MessageCircle } from 'lucide-react';
import { FeatureComing } from '@/components/page/feature-coming';
import { NotFound } from '@/components/page/not-found';
import { Page } from '@/components/page/page';

/** /chat/{characterId} and /test-chat. Characters arrive with their domain; until then no id names one. */
export default function ChatPage() {
  const { characterId } = useParams();
  if (characterId) {
    return (
      <NotFound
        title="Character not found"
        description="There is no character to chat with at this address. It may have been removed, or the link is wrong."
        back={{ label: 'All chats', to: '/chat' }}
      />
    );
  }
  return (
    <Page title="Chat" description="A private conversation between you and your character." icon={<MessageCircle />}>
      <FeatureComing
        title="Chat is coming soon"
        description="Conversations with characters arrive with the characters themselves. No message has been sent."
        action={{ label: 'All chats', to: '/chat' }}
      />
    </Page>
  );
}
