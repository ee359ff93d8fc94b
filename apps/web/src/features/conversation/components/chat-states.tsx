// What the chat page shows instead of a conversation: loading, a guest, or a conversation that could not be loaded.
import { AgeLockNotice, ageLockMessage } from '@/features/age-assurance';
import { Link } from 'react-router';
import { ErrorState } from '@/components/page/error-state';
import { NotFound } from '@/components/page/not-found';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useMembershipModal } from '@/features/billing';
import { ApiError, getErrorMessage } from '@/lib/api-client';

const isMissing = (e: unknown) => e instanceof ApiError && [400, 404].includes(e.status);

/** A premium character without the membership (product.md §2): the page opens the membership modal by itself, once. */
export const needsMembership = (e: unknown) => e instanceof ApiError && e.code === 'MEMBERSHIP_REQUIRED';

/** The session could not be loaded: no such character, a premium one, or a failure to retry. */
export function ChatLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const membership = useMembershipModal();
  const ageLock = ageLockMessage(error);
  if (ageLock !== null) return <AgeLockNotice message={ageLock || null} className="mt-10" />;
  if (isMissing(error)) {
    return (
      <NotFound
        title="Character not found"
        description="There is no character to chat with at this address. It may have been removed, or the link is wrong."
        back={{ label: 'All chats', to: '/chat' }}
      />
    );
  }
  if (needsMembership(error)) {
    return (
      <div className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-16 text-center">
        <h1 className="text-2xl font-bold text-fg">A premium character</h1>
        <p className="text-fg-muted">{getErrorMessage(error, 'Chatting with this character needs a membership.')}</p>
        <Button onClick={() => membership.open('chat with premium characters')}>See memberships</Button>
      </div>
    );
  }
  return <ErrorState title="The chat could not be loaded" description={getErrorMessage(error, 'Please try again.')} onRetry={onRetry} />;
}

export function ChatSkeleton() {
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4 px-4 py-6" aria-busy="true" aria-label="Loading the chat">
      <Skeleton className="h-12 w-2/3" />
      <Skeleton className="h-20 w-3/4" />
      <Skeleton className="ml-auto h-12 w-1/2" />
      <Skeleton className="h-24 w-3/4" />
    </div>
  );
}

export function GuestChat({ characterId, onSignUp }: { characterId: string; onSignUp: () => void }) {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-16 text-center">
      <h1 className="text-2xl font-bold text-fg">Sign up to start chatting</h1>
      <p className="text-fg-muted">Conversations are private to your account and remembered between visits.</p>
      <div className="flex gap-2">
        <Button onClick={onSignUp}>Get Started Free</Button>
        <Button asChild variant="secondary">
          <Link to={`/characters/${characterId}`}>See the character</Link>
        </Button>
      </div>
    </div>
  );
}
