import { useParams } from 'react-router';
import { NotFound } from '@/components/page/not-found';
import { RequireSession } from '@/features/auth';
import { GroupView, type GroupReplyExtras } from '@/features/groups';
import { AutoPlay, ListenButton } from '@/features/voice';
import { useDocumentTitle } from '@/lib/document-title';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The voice feature in a group chat: Listen under each reply and auto-play, each member in its own voice. */
function voiceOf(groupId: string): GroupReplyExtras {
  return {
    listen: (m) => <ListenButton groupId={groupId} message={m} />,
    follow: (state) => <AutoPlay groupId={groupId} {...state} />,
  };
}

/** /group/{id}: a group chat. */
export default function GroupChatPage() {
  const { id } = useParams();
  useDocumentTitle('Group chat');
  if (!id || !UUID.test(id)) {
    return (
      <NotFound
        title="Group not found"
        description="There is no group chat at this address. It may have been deleted, or the link is wrong."
        back={{ label: 'All chats', to: '/chat' }}
      />
    );
  }
  return (
    <RequireSession title="Sign in to see this group chat" description="Group chats are private to your account.">
      {(user) => <GroupView key={id} groupId={id} userName={user.username} extras={voiceOf(id)} />}
    </RequireSession>
  );
}
