import type { ReactNode } from 'react';
import { Lock, UserRoundPlus } from 'lucide-react';
import type { CharacterProfile, User } from '@reverie/shared';
import { EmptyState } from '@/components/page/empty-state';
import { ErrorState } from '@/components/page/error-state';
import { NotFound } from '@/components/page/not-found';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { useAuthDialogs } from '@/features/auth';
import { useSession } from '@/features/auth';
import { useCharacter } from '@/features/characters';
import { GUEST_PROMPT_BENEFITS, guestPromptTitle } from '@/features/guest';
import { getErrorStatus } from '@/lib/request-queue';

/** A guest is offered an account to "create characters" (the guest sign-up prompt's wording). */
export function CreateCharactersSignUp() {
  const { openSignIn, openSignUp } = useAuthDialogs();
  return (
    <EmptyState
      icon={<UserRoundPlus />}
      title={guestPromptTitle('create characters')}
      description={`${GUEST_PROMPT_BENEFITS.join(' · ')}. Your characters, private or published, live in your account.`}
      action={
        <>
          <Button onClick={openSignUp}>Get Started Free</Button>
          <Button variant="secondary" onClick={openSignIn}>
            Already have an account? Sign In
          </Button>
        </>
      }
    />
  );
}

function LoadingForm() {
  return (
    <div role="status" aria-label="Loading the character" className="grid gap-4">
      <Skeleton className="h-12 w-full rounded-xl" />
      <Skeleton className="h-96 w-full rounded-2xl" />
    </div>
  );
}

function EditableCharacter({ id, children }: { id: string; children: (profile: CharacterProfile) => ReactNode }) {
  const query = useCharacter(id);
  if (query.isPending) return <LoadingForm />;
  if (query.isError) {
    if ([400, 404].includes(getErrorStatus(query.error) ?? 0))
      return <NotFound what="character" back={{ label: 'Your characters', to: '/user-characters' }} />;
    return <ErrorState description="We could not load this character." onRetry={() => void query.refetch()} />;
  }
  // The definition comes only to the owner and admins: it is what an editor needs.
  if (!query.data.definition) {
    return (
      <EmptyState
        icon={<Lock />}
        title="Only its creator can edit this character"
        description="You can chat with it, or make a character of your own."
      />
    );
  }
  return <>{children(query.data)}</>;
}

/** Signed-in users get the form (with the character when `editId` names one of theirs); guests an invitation. */
export function CreatorGate({ editId, children }: { editId?: string; children: (user: User, profile?: CharacterProfile) => ReactNode }) {
  const { user, status } = useSession();
  if (!user) {
    return status === 'loading' ? (
      <div className="flex justify-center py-16">
        <Spinner label="Loading your account..." showLabel />
      </div>
    ) : (
      <CreateCharactersSignUp />
    );
  }
  if (!editId) return <>{children(user)}</>;
  return <EditableCharacter id={editId}>{(profile) => children(user, profile)}</EditableCharacter>;
}
