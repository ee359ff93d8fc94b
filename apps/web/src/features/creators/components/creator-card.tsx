import { Link } from 'react-router';
import type { CreatorSummary, TopCreator } from '@reverie/shared';
import { Avatar } from '@/components/ui/avatar';
import { shortenNumber } from '@/lib/format';
import { cn } from '@/lib/utils';
import { FollowButton } from './follow-button';

const RANK_STYLES = [
  'from-amber-300 to-yellow-500 text-black',
  'from-slate-200 to-slate-400 text-black',
  'from-orange-300 to-amber-700 text-black',
];

/** A creator in a list: avatar, name, bio, counts, follow button; top creators also show their rank. */
export function CreatorCard({ creator, className }: { creator: CreatorSummary | TopCreator; className?: string }) {
  const rank = 'rank' in creator ? creator.rank : null;
  return (
    <article
      className={cn(
        'group relative flex items-center gap-3 rounded-2xl bg-surface p-3 ring-1 ring-border transition-colors hover:bg-surface-raised sm:gap-4 sm:p-4',
        className,
      )}
      data-testid="creator-card"
    >
      {rank !== null ? (
        <span
          aria-label={`Rank ${rank}`}
          className={cn(
            'inline-flex size-7 shrink-0 items-center justify-center rounded-full text-xs font-black sm:size-8 sm:text-sm',
            rank <= 3 ? `bg-linear-to-br ${RANK_STYLES[rank - 1]}` : 'bg-surface-raised text-fg-muted ring-1 ring-border',
          )}
        >
          {rank}
        </span>
      ) : null}
      <Avatar name={creator.username} src={creator.avatarUrl} size="lg" className="size-12 sm:size-14" />
      <div className="min-w-0 flex-1">
        <h3 className="font-semibold text-fg [overflow-wrap:anywhere]">
          <Link
            to={`/creators/${creator.id}`}
            className="after:absolute after:inset-0 after:rounded-2xl focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-ring"
          >
            @{creator.username}
          </Link>
        </h3>
        {creator.bio ? <p className="mt-0.5 line-clamp-1 text-sm text-fg-muted">{creator.bio}</p> : null}
        <p className="mt-1 flex flex-wrap gap-x-3 text-xs text-fg-subtle">
          <span>{shortenNumber(creator.characters)} characters</span>
          <span>{shortenNumber(creator.followers)} followers</span>
          <span>{shortenNumber(creator.likes)} likes</span>
        </p>
      </div>
      <div className="relative z-10">
        <FollowButton userId={creator.id} username={creator.username} isFollowing={creator.isFollowing} size="sm" compact />
      </div>
    </article>
  );
}

export function CreatorCardSkeleton() {
  return (
    <div aria-hidden="true" className="flex items-center gap-4 rounded-2xl bg-surface p-4 ring-1 ring-border">
      <div className="size-14 animate-pulse rounded-full bg-surface-raised" />
      <div className="flex-1 space-y-2">
        <div className="h-4 w-1/3 animate-pulse rounded-full bg-surface-raised" />
        <div className="h-3 w-2/3 animate-pulse rounded-full bg-surface-raised" />
      </div>
      <div className="h-8 w-24 animate-pulse rounded-xl bg-surface-raised" />
    </div>
  );
}
