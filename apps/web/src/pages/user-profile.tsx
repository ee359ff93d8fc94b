import { Navigate, useParams } from 'react-router';
import { CalendarDays, Pencil, UserRound, UserX, Users } from 'lucide-react';
import { EmptyState } from '@/components/page/empty-state';
import { LinkButton } from '@/components/page/link-button';
import { Page } from '@/components/page/page';
import { Avatar } from '@/components/ui/avatar';
import { Spinner } from '@/components/ui/spinner';
import { RequireSession } from '@/features/auth/components/require-session';
import { useSession } from '@/features/auth/hooks/use-session';
import { usePublicUser } from '@/features/users/api/get-public-user';
import { useDocumentTitle } from '@/lib/document-title';
import { getErrorStatus } from '@/lib/request-queue';

const memberSince = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date.toLocaleDateString(undefined, { month: 'long', year: 'numeric' });
};

function PublicProfile({ id }: { id: string }) {
  const { user: me } = useSession();
  const profile = usePublicUser(id);
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
  const since = memberSince(user.createdAt);
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 lg:py-10">
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
              <h1 id="profile-name" className="truncate text-2xl font-bold text-fg sm:text-3xl">
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

      <section aria-labelledby="characters-heading" className="mt-8">
        <h2 id="characters-heading" className="mb-4 text-lg font-semibold text-fg">
          Characters
        </h2>
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
      </section>
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
