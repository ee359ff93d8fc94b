import { useParams } from 'react-router';
import { Activity } from 'lucide-react';
import { ErrorState } from '@/components/page/error-state';
import { NotFound } from '@/components/page/not-found';
import { Skeleton } from '@/components/ui/skeleton';
import { useSession } from '@/features/auth';
import { useChatStatus } from '@/features/conversation';
import { ChatView } from '@/features/chat';
import { useDocumentTitle } from '@/lib/document-title';
import { formatNumber, formatTokenRate } from '@/lib/format';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** /chat/{characterId}: the conversation; /test-chat: the same page against the built-in diagnostic character. */
export default function ChatPage() {
  const { characterId } = useParams();
  const { user } = useSession();
  useDocumentTitle(characterId ? 'Chat' : 'Test chat');
  if (characterId && !UUID.test(characterId)) {
    return (
      <NotFound
        title="Character not found"
        description="There is no character to chat with at this address. It may have been removed, or the link is wrong."
        back={{ label: 'All chats', to: '/chat' }}
      />
    );
  }
  if (characterId)
    return (
      <>
        {/* The conversation's own header names the character; the page still needs its h1 (a guest's sign-up state has one). */}
        {user ? <h1 className="sr-only">Chat</h1> : null}
        <ChatView key={characterId} characterId={characterId} signedIn={!!user} userName={user?.username ?? 'You'} />
      </>
    );
  return <TestChat signedIn={!!user} userName={user?.username ?? 'You'} />;
}

function TestChat({ signedIn, userName }: { signedIn: boolean; userName: string }) {
  const status = useChatStatus();
  if (status.isError) return <ErrorState title="The model status could not be loaded" onRetry={() => void status.refetch()} />;
  if (!status.data) return <Skeleton className="m-6 h-40" />;
  const s = status.data;
  if (!s.diagnosticCharacterId)
    return <ErrorState title="The diagnostic character is not available" onRetry={() => void status.refetch()} />;
  return (
    <ChatView
      characterId={s.diagnosticCharacterId}
      signedIn={signedIn}
      userName={userName}
      banner={(last) => (
        <dl
          className="flex flex-wrap items-center gap-x-5 gap-y-1 border-b border-border bg-surface px-4 py-2 text-xs text-fg-muted"
          aria-label="Model diagnostics"
        >
          <Activity className="size-4 text-primary" aria-hidden="true" />
          <Fact label="Provider" value={s.provider} />
          <Fact label="Model" value={s.model} />
          <Fact label="Context" value={`${formatNumber(s.contextSize)} tokens`} />
          <Fact label="State" value={s.ready ? 'ready' : (s.message ?? s.state)} />
          <Fact
            label="Speed"
            value={
              last && last.ms > 0
                ? `${formatTokenRate((last.tokens / last.ms) * 1000)} (${formatNumber(last.tokens)} in ${formatNumber(last.ms)} ms)`
                : 'send a message'
            }
          />
        </dl>
      )}
    />
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex gap-1.5">
      <dt className="text-fg-subtle">{label}</dt>
      <dd className="font-medium text-fg">{value}</dd>
    </div>
  );
}
