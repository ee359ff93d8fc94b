import { Navigate, useParams } from 'react-router';
import { useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import type { CharacterPage, PublicUser } from '@reverie/shared';
import { CalendarDays, Pencil, UserRound, UserX, Users } from 'lucide-react';
import { EmptyState } from '@/components/page/empty-state';
import { LinkButton } from '@/components/page/link-button';
import { Page } from '@/components/page/page';
import { ErrorState } from '@/components/page/error-state';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { RequireSession } from '@/features/auth';
import { useSession } from '@/features/auth';
import { usePublicUser } from '@/features/users';
import { userCharactersInfiniteQueryOptions } from '@/features/characters';
import { InfiniteCharacterGrid } from '@/features/characters';
import { useFollowsInfinite } from '@/features/creators';
import type { FollowListKind } from '@/lib/query-keys/creators';
import { CreatorCard, CreatorCardSkeleton } from '@/features/creators';
import { useDocumentTitle } from '@/lib/document-title';
import { formatDate, formatNumber } from '@/lib/format';
import { getErrorStatus } from '@/lib/request-queue';

const onlyPublic = (data: InfiniteData<CharacterPage>): InfiniteData<CharacterPage> => ({
  ...data,
  pages: data.pages.map((page) => ({ ...page, items: page.items.filter((c) => c.visibility === 'public') })),
});

function FollowList({ kind, userId, count, empty }: { kind: FollowListKind; userId: string; count: number; empty: string }) {
  const list = useFollowsInfinite(kind, userId);
  const title = kind === 'followers' ? 'Followers' : 'Following';
  const headingId = `${kind}-heading`;
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <section aria-labelledby={headingId} className="min-w-0">
      <h2 id={headingId} className="mb-4 flex items-baseline gap-2 text-lg font-semibold text-fg">
        {title}
        <span className="text-sm font-normal text-fg-subtle">{formatNumber(count)}</span>
      </h2>
      {list.isPending ? (
        <div className="grid gap-3" role="status" aria-label={`Loading ${title.toLowerCase()}`}>
          <CreatorCardSkeleton />
          <CreatorCardSkeleton />
        </div>
      ) : list.isError && !list.data ? (
        <ErrorState description={`We could not load the ${title.toLowerCase()}.`} onRetry={() => void list.refetch()} />
      ) : items.length === 0 ? (
        <p className="rounded-2xl bg-surface p-4 text-sm text-fg-muted ring-1 ring-border">{empty}</p>
      ) : (
        <>
          <ul className="grid grid-cols-1 gap-3" aria-label={title}>
            {items.map((creator) => (
              <li key={creator.id}>
                <CreatorCard creator={creator} />
              </li>
            ))}
          </ul>
          {list.hasNextPage ? (
            <Button
              variant="secondary"
              className="mt-3 w-full"
              disabled={list.isFetchingNextPage}
              onClick={() => void list.fetchNextPage()}
            >
              {list.isFetchingNextPage ? 'Loading…' : 'Show more'}
            </Button>
          ) : null}
        </>
      )}
    </section>
  );
}

/** The banner with the user's avatar, name, membership date and bio, and for the owner a link to edit them. */
function ProfileHeader({ user, isMe }: { user: PublicUser; isMe: boolean }) {
  const since = formatDate(user.createdAt, 'monthYear');
  return (
    <section aria-labelledby="profile-name" className="relative overflow-hidden rounded-3xl border border-border bg-surface">
      <div aria-hidden="true" className="h-28 bg-linear-to-r from-primary-strong/40 via-accent-strong/30 to-primary/20 sm:h-36" />
      <div className="flex flex-col gap-4 px-6 pb-6 sm:flex-row sm:items-end sm:justify-between sm:px-8">
        <div className="-mt-12 flex flex-col gap-3 sm:flex-row sm:items-end sm:gap-5">
          <Avatar
            key={user.avatarUrl ?? 'initials'}
            name={user.username}
            src={user.avatarUrl}
            size="lg"
            className="size-24 text-2xl ring-4 ring-surface sm:size-28"
          />
          <div className="min-w-0 pb-1">
            <h1 id="profile-name" className="text-2xl font-bold text-fg [overflow-wrap:anywhere] sm:text-3xl">
              {user.username}
            </h1>
            {since ? (
              <p className="mt-1 flex items-center gap-1.5 text-sm text-fg-muted">
                <CalendarDays aria-hidden="true" className="size-4" />
                Member since {since}
              </p>
            ) : null}
          </div>
        </div>
        {isMe ? (
          <LinkButton to="/settings" variant="secondary">
            <Pencil aria-hidden="true" />
            Edit profile
          </LinkButton>
        ) : null}
      </div>
      <p className="px-6 pb-8 text-sm whitespace-pre-line text-fg-muted sm:px-8">
        {user.bio || (isMe ? 'Add a bio in your settings to tell people about yourself.' : 'No bio yet.')}
      </p>
    </section>
  );
}

/** Who follows the user and whom they follow, side by side on wide screens. */
function ProfileFollows({ userId: id, user, isMe }: { userId: string; user: PublicUser; isMe: boolean }) {
  return (
    <div className="mt-8 grid gap-8 lg:grid-cols-2">
      <FollowList
        kind="followers"
        userId={id}
        count={user.counts.followers}
        empty={isMe ? 'Nobody follows you yet. Publish a character to be found.' : `Nobody follows ${user.username} yet.`}
      />
      <FollowList
        kind="following"
        userId={id}
        count={user.counts.following}
        empty={
          isMe ? 'You do not follow anyone yet. Follow creators to see their new characters first.' : `${user.username} follows nobody yet.`
        }
      />
    </div>
  );
}

function PublicProfile({ id }: { id: string }) {
  const { user: me } = useSession();
  const profile = usePublicUser(id);
  // The owner's own list holds every visibility: the profile shows what everyone sees.
  const characters = useInfiniteQuery({
    ...userCharactersInfiniteQueryOptions(id, { sort: 'popular' }),
    enabled: Boolean(profile.data),
    select: onlyPublic,
  });
  const isMe = me?.id === id;
  const missing = profile.isError && [400, 404].includes(getErrorStatus(profile.error) ?? 0);
  useDocumentTitle(isMe && me ? me.username : (profile.data?.username ?? (missing ? 'User not found' : 'Profile')));

  if (profile.isPending) {
    return (
      <div className="flex justify-center py-24">
        <Spinner label="Loading profile..." showLabel />
      </div>
    );
  }
  if (profile.isError) {
    return (
      <Page title="Profile" icon={<UserRound />}>
        <EmptyState
          icon={<UserX />}
          title={missing ? 'User not found' : 'Could not load this profile'}
          description={missing ? "This profile doesn't exist or is no longer available." : 'Please check your connection and try again.'}
          action={<LinkButton to="/">Discover characters</LinkButton>}
        />
      </Page>
    );
  }

  // Your own profile shows your session record: the cached public copy may predate an edit in settings.
  const user = isMe && me ? { ...profile.data, username: me.username, avatarUrl: me.avatarUrl, bio: me.bio ?? null } : profile.data;
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 lg:py-10">
      <ProfileHeader user={user} isMe={isMe} />

      <section aria-labelledby="characters-heading" className="mt-8">
        <h2 id="characters-heading" className="mb-4 text-lg font-semibold text-fg">
          Characters
        </h2>
        <InfiniteCharacterGrid
          query={characters}
          label={`Characters by ${user.username}`}
          empty={
            <EmptyState
              icon={<Users />}
              title="No public characters yet"
              description={
                isMe
                  ? 'Characters you publish will be listed here for everyone to discover.'
                  : `When ${user.username} publishes characters, they'll appear here.`
              }
              action={
                isMe ? (
                  <LinkButton to="/create-character">Create a character</LinkButton>
                ) : (
                  <LinkButton to="/" variant="secondary">
                    Discover characters
                  </LinkButton>
                )
              }
            />
          }
        />
      </section>

      <ProfileFollows userId={id} user={user} isMe={isMe} />
    </div>
  );
}

export default function UserProfilePage() {
  const { id } = useParams();
  if (id) return <PublicProfile key={id} id={id} />;
  return (
    <Page title="Profile" description="Your characters, followers and activity in one place." icon={<UserRound />}>
      <RequireSession
        title="Sign in to see your profile"
        description="Create an account or sign in to build a profile, publish characters and follow creators."
      >
        {(user) => <Navigate to={`/user-profile/${user.id}`} replace />}
      </RequireSession>
    </Page>
  );
}
