import { useParams } from 'react-router';
import { UserRound } from 'lucide-react';
import { EmptyState } from '@/components/page/empty-state';
import { LinkButton } from '@/components/page/link-button';
import { NotFound } from '@/components/page/not-found';
import { Page } from '@/components/page/page';
import { Spinner } from '@/components/ui/spinner';
import { usePublicUser } from '@/features/users/api/get-public-user';
import { useDocumentTitle } from '@/lib/document-title';
import { getErrorStatus } from '@/lib/request-queue';

/** /creators/{id}: a creator is a user; an id that names no user is not found. */
export default function CreatorPage() {
  const { id = '' } = useParams();
  const creator = usePublicUser(id);
  const status = getErrorStatus(creator.error);
  const missing = creator.isError && (status === 404 || status === 400);
  useDocumentTitle(creator.data?.username ?? 'Creator');

  if (creator.isPending) {
    return (
      <div className="flex justify-center py-24">
        <Spinner label="Loading creator..." showLabel />
      </div>
    );
  }
  if (missing) {
    return (
      <NotFound
        title="Creator not found"
        description="No creator has this address. The account may have been removed, or the link is wrong."
        back={{ label: 'All creators', to: '/creators' }}
      />
    );
  }
  if (creator.isError) {
    return (
      <Page title="Creator" icon={<UserRound />}>
        <EmptyState
          icon={<UserRound />}
          title="Could not load this creator"
          description="Please check your connection and try again."
          action={<LinkButton to="/creators">All creators</LinkButton>}
        />
      </Page>
    );
  }
  const user = creator.data;
  return (
    <Page
      title={user.username}
      description={user.bio ?? 'Published characters, followers and likes for this creator.'}
      icon={<UserRound />}
    >
      <EmptyState
        icon={<UserRound />}
        title="No published characters"
        description={`${user.username} hasn't published any characters yet. Check back later or explore other creators.`}
        action={<LinkButton to="/creators">All creators</LinkButton>}
      />
    </Page>
  );
}
