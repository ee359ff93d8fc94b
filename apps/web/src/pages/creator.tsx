import { useParams } from 'react-router';
import { Sparkles } from 'lucide-react';
import type { PublicUser } from '@reverie/shared';
import { EmptyState } from '@/components/page/empty-state';
import { ErrorState } from '@/components/page/error-state';
import { NotFound } from '@/components/page/not-found';
import { Avatar } from '@/components/ui/avatar';
import { Skeleton } from '@/components/ui/skeleton';
import { useUserCharactersInfinite } from '@/features/characters';
import { InfiniteCharacterGrid } from '@/features/characters';
import { FollowButton } from '@/features/creators';
import { useSession } from '@/features/auth';
import { ReportMenu } from '@/features/moderation';
import { usePublicUser } from '@/features/users';
import { shortenNumber } from '@/lib/format';
import { getErrorStatus } from '@/lib/request-queue';
import { useDocumentTitle, useMetaDescription } from '@/lib/document-title';

function Counts({ user }: { user: PublicUser }) {
  const items = [
    ['Characters', user.counts.characters],
    ['Followers', user.counts.followers],
    ['Following', user.counts.following],
    ['Likes', user.counts.likesReceived],
  ] as const;
  return (
    <dl className="flex flex-wrap gap-x-6 gap-y-2">
      {items.map(([label, value]) => (
        <div key={label} className="flex flex-col">
          <dd className="text-lg font-bold text-fg">{shortenNumber(value)}</dd>
          <dt className="order-2 text-xs text-fg-subtle">{label}</dt>
        </div>
      ))}
    </dl>
  );
}

function CreatorHeader({ user }: { user: PublicUser }) {
  const { user: me } = useSession();
  return (
    <header className="overflow-hidden rounded-3xl bg-surface ring-1 ring-border">
      <div className="relative h-36 sm:h-52">
        {user.bannerUrl ? (
          <img src={user.bannerUrl} alt="" className="size-full object-cover" />
        ) : (
          <div aria-hidden="true" className="size-full bg-linear-to-br from-primary-strong/60 via-accent-strong/50 to-surface" />
        )}
        <div aria-hidden="true" className="absolute inset-0 bg-linear-to-t from-surface via-surface/20 to-transparent" />
      </div>
      <div className="relative -mt-14 flex flex-col gap-4 px-5 pb-5 sm:-mt-16 sm:flex-row sm:items-end sm:justify-between sm:px-8 sm:pb-7">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:gap-5">
          <Avatar name={user.username} src={user.avatarUrl} className="size-24 text-2xl ring-4 ring-surface sm:size-28" />
          <div className="min-w-0">
            <h1 className="text-2xl font-extrabold tracking-tight text-fg [overflow-wrap:anywhere] sm:text-3xl">@{user.username}</h1>
            {user.bio ? <p className="mt-1 max-w-xl text-sm text-fg-muted sm:text-base">{user.bio}</p> : null}
          </div>
        </div>
        <div className="flex items-center gap-2">
          <FollowButton userId={user.id} username={user.username} isFollowing={user.isFollowing} />
          {me?.id === user.id ? null : (
            <ReportMenu subject={{ type: 'user', id: user.id, name: `@${user.username}`, url: `/creators/${user.id}` }} />
          )}
        </div>
      </div>
      <div className="border-t border-border px-5 py-4 sm:px-8">
        <Counts user={user} />
      </div>
    </header>
  );
}

export default function CreatorPage() {
  const { id = '' } = useParams();
  const profile = usePublicUser(id);
  const characters = useUserCharactersInfinite(profile.data ? id : undefined, { sort: 'popular' });
  const missing = profile.isError && [400, 404].includes(getErrorStatus(profile.error) ?? 0);
  useDocumentTitle(profile.data ? `@${profile.data.username}` : missing ? 'Creator not found' : undefined);
  useMetaDescription(profile.data ? `AI characters by @${profile.data.username} on Reverie. ${profile.data.bio ?? ''}` : undefined);

  if (missing) return <NotFound what="creator" />;
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-5 sm:px-6 lg:py-8">
      {profile.isPending ? (
        <div role="status" aria-label="Loading creator" className="overflow-hidden rounded-3xl bg-surface ring-1 ring-border">
          <Skeleton className="h-36 rounded-none sm:h-52" />
          <div className="flex items-end gap-4 px-5 py-5 sm:px-8">
            <Skeleton className="size-24 rounded-full" />
            <div className="flex-1 space-y-2">
              <Skeleton className="h-7 w-48" />
              <Skeleton className="h-4 w-72 max-w-full" />
            </div>
          </div>
        </div>
      ) : profile.isError ? (
        <ErrorState description="We could not load this creator." onRetry={() => void profile.refetch()} />
      ) : (
        <>
          <CreatorHeader user={profile.data} />
          <section aria-labelledby="creator-characters" className="mt-8">
            <h2 id="creator-characters" className="mb-4 text-xl font-bold text-fg">
              Characters by @{profile.data.username}
            </h2>
            <InfiniteCharacterGrid
              query={characters}
              label={`Characters by ${profile.data.username}`}
              empty={
                <EmptyState
                  icon={<Sparkles />}
                  title="No public characters yet"
                  description={`@${profile.data.username} hasn't published a character yet. Follow them to see the first one in your feed.`}
                />
              }
            />
          </section>
        </>
      )}
    </div>
  );
}
