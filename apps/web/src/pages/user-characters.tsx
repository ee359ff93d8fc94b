import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Plus, Users, WandSparkles } from 'lucide-react';
import type { CharacterListItem, ImportCharacterResponse, User } from '@reverie/shared';
import { EmptyState } from '@/components/page/empty-state';
import { ErrorState } from '@/components/page/error-state';
import { LinkButton } from '@/components/page/link-button';
import { Page } from '@/components/page/page';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { useSession } from '@/features/auth';
import { CreateCharactersSignUp } from '@/features/character-creator';
import { ImportCard } from '@/features/character-creator';
import { ExportEverythingButton } from '@/features/transfer';
import { useDuplicateCharacter } from '@/features/characters';
import { useUserCharactersInfinite } from '@/features/characters';
import { DeleteCharacterDialog } from '@/features/characters';
import { MyCharacterRow } from '@/features/characters';
import { getErrorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';

function ListSkeleton() {
  return (
    <ul aria-label="Loading your characters" className="grid gap-3">
      {[0, 1, 2].map((i) => (
        <li key={i} className="flex items-center gap-4 rounded-2xl bg-surface p-4 ring-1 ring-border">
          <Skeleton className="aspect-[2/3] w-16 rounded-xl" />
          <div className="grid grow gap-2">
            <Skeleton className="h-5 w-1/3" />
            <Skeleton className="h-4 w-2/3" />
          </div>
        </li>
      ))}
    </ul>
  );
}

function MyCharacters({ user }: { user: User }) {
  const query = useUserCharactersInfinite(user.id, { sort: 'new' });
  const duplicate = useDuplicateCharacter();
  const [deleting, setDeleting] = useState<CharacterListItem | null>(null);

  if (query.isPending) return <ListSkeleton />;
  if (query.isError) return <ErrorState description="We could not load your characters." onRetry={() => void query.refetch()} />;
  const items = query.data.pages.flatMap((p) => p.items);
  if (items.length === 0) {
    return (
      <EmptyState
        icon={<WandSparkles />}
        title="You haven't created any characters yet"
        description="Give a character a name, a personality and a look, then chat with them or share them with everyone. Or start from a Character Card."
        action={<LinkButton to="/create-character">Create a character</LinkButton>}
      />
    );
  }
  // The toast answers from the mutation's promise, not from mutate's own callbacks: each row has its own Duplicate, and
  // a copy started before the last one is back would drop that one's callbacks (mutate keeps only the last call's).
  const copy = (c: CharacterListItem) =>
    void duplicate.mutateAsync(c.id).then(
      (made) => toast({ title: 'Character duplicated', description: `${made.name} is private until you publish it.`, variant: 'success' }),
      (err: unknown) =>
        toast({ title: 'Could not duplicate', description: getErrorMessage(err, 'Please try again.'), variant: 'destructive' }),
    );
  return (
    <>
      <p className="mb-3 text-sm text-fg-muted">
        {query.data.pages[0]!.total} {query.data.pages[0]!.total === 1 ? 'character' : 'characters'}, every visibility
      </p>
      <ul aria-label="Your characters" className="grid gap-3">
        {items.map((c) => (
          <MyCharacterRow
            key={c.id}
            character={c}
            onDuplicate={() => copy(c)}
            duplicating={duplicate.isPending && duplicate.variables === c.id}
            onDelete={() => setDeleting(c)}
          />
        ))}
      </ul>
      {query.hasNextPage ? (
        <div className="mt-5 flex justify-center">
          <Button variant="secondary" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
            {query.isFetchingNextPage ? 'Loading...' : 'Show more'}
          </Button>
        </div>
      ) : null}
      <DeleteCharacterDialog character={deleting} onOpenChange={(open) => !open && setDeleting(null)} onDeleted={() => setDeleting(null)} />
    </>
  );
}

export default function UserCharactersPage() {
  const { user, status } = useSession();
  const navigate = useNavigate();
  // Importing from here opens the creator on the imported character.
  const onImported = (result: ImportCharacterResponse) =>
    void navigate(`/create-character?edit=${result.character.id}`, { state: { report: result.report } });
  return (
    <Page
      title="Your characters"
      description="Everything you've created, published or kept private, with its stats."
      icon={<Users />}
      actions={
        user ? (
          <>
            <ImportCard compact onImported={onImported} />
            <ExportEverythingButton />
            <LinkButton to="/create-character" size="sm">
              <Plus aria-hidden="true" />
              Create a character
            </LinkButton>
          </>
        ) : null
      }
    >
      {user ? (
        <MyCharacters user={user} />
      ) : status === 'loading' ? (
        <div className="flex justify-center py-16">
          <Spinner label="Loading your account..." showLabel />
        </div>
      ) : (
        <CreateCharactersSignUp />
      )}
    </Page>
  );
}
