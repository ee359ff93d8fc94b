import { Link } from 'react-router';
import { UserPlus, Users } from 'lucide-react';
import { EmptyState } from '@/components/page/empty-state';
import { Page } from '@/components/page/page';
import { Button } from '@/components/ui/button';
import { RequireSession } from '@/features/auth';
import { useCharactersInfinite } from '@/features/characters';
import { InfiniteCharacterGrid } from '@/features/characters';
import { useDocumentTitle } from '@/lib/document-title';

function FollowingFeed() {
  const feed = useCharactersInfinite({ sort: 'following' });
  return (
    <InfiniteCharacterGrid
      query={feed}
      label="Characters from creators you follow"
      empty={
        <EmptyState
          icon={<UserPlus />}
          title="Follow creators to fill this page"
          description="When you follow a creator, their newest characters show up here first. Find someone whose style you love."
          action={
            <Button asChild>
              <Link to="/creators">Discover creators</Link>
            </Button>
          }
        />
      }
    />
  );
}

export default function FollowingPage() {
  useDocumentTitle('Following');
  return (
    <Page title="Following" description="The newest characters from the creators you follow." icon={<Users />} className="max-w-7xl">
      <RequireSession
        title="Follow your favorite creators"
        description="Sign in to follow creators and see their newest characters here."
        icon={<Users />}
      >
        {() => <FollowingFeed />}
      </RequireSession>
    </Page>
  );
}
