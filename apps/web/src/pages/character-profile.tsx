import { AgeLockNotice, ageLockMessage } from '@/features/age-assurance';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { Bookmark, Crown, Heart, Images, MessageCircle, Star } from 'lucide-react';
import type { CharacterProfile } from '@reverie/shared';
import { ErrorState } from '@/components/page/error-state';
import { NotFound } from '@/components/page/not-found';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { AiBadge } from '@/components/ui/ai-badge';
import { NsfwBlur } from '@/components/ui/nsfw-blur';
import { Skeleton } from '@/components/ui/skeleton';
import { useCharacter } from '@/features/characters';
import { useLikeState } from '@/features/characters';
import { CharacterPortrait } from '@/features/characters';
import { LikeButton } from '@/features/characters';
import { OwnerActions } from '@/features/characters';
import { RateCharacter } from '@/features/characters';
import { ratingDescription, ratingLabel } from '@/features/characters';
import { useSession } from '@/features/auth';
import { ShareButton } from '@/features/characters';
import { SimilarCharacters } from '@/features/characters';
import { MacroText, RoleplayText } from '@/features/characters';
import { StartChatButton } from '@/features/characters';
import { FollowButton } from '@/features/creators';
import { FavoriteButton } from '@/features/favorites';
import { AddToGroupButton } from '@/features/groups';
import { getErrorStatus } from '@/lib/request-queue';
import { shortenNumber } from '@/lib/format';
import { useDocumentTitle, useMetaDescription } from '@/lib/document-title';
import { TagIcon } from '@/features/tags';
import { ModerationHiddenNotice } from '@/features/moderation';
import { ReportMenu } from '@/features/moderation';

/** 400 (malformed id) and 404 (unknown, private) both mean "no such character" to a visitor. */
export const isMissing = (error: unknown) => [400, 404].includes(getErrorStatus(error) ?? 0);

function Stat({ icon, label, value, title }: { icon: ReactNode; label: string; value: string; title?: string }) {
  return (
    <div title={title} className="flex flex-col items-center gap-0.5 rounded-2xl bg-surface px-3 py-3 ring-1 ring-border [&_svg]:size-4">
      <dt className="order-2 text-[11px] font-medium tracking-wide text-fg-subtle uppercase">{label}</dt>
      <dd className="order-1 flex items-center gap-1.5 text-lg font-bold text-fg">
        <span aria-hidden="true" className="text-primary">
          {icon}
        </span>
        {value}
      </dd>
    </div>
  );
}

/** The likes stat agrees with the like button (a guest's local like included). */
function LikesStat({ character }: { character: CharacterProfile }) {
  const { likes } = useLikeState(character);
  return <Stat icon={<Heart />} label="Likes" value={shortenNumber(likes)} />;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-2xl bg-surface p-5 ring-1 ring-border">
      <h2 className="mb-2 text-sm font-semibold tracking-wide text-fg-subtle uppercase">{title}</h2>
      <div className="text-[15px] leading-relaxed whitespace-pre-line text-fg-muted">{children}</div>
    </section>
  );
}

/** The large portrait (blurred when 18+) with its AI, 18+ and Premium badges; it stays in view on wide screens. */
function ProfilePortrait({ character }: { character: CharacterProfile }) {
  return (
    <div className="lg:sticky lg:top-[calc(var(--header-h)+1.5rem)] lg:self-start">
      <div className="relative mx-auto aspect-[4/5] w-full max-w-md overflow-hidden rounded-3xl sm:aspect-[2/3] bg-surface-raised shadow-2xl shadow-primary-strong/10 ring-1 ring-white/10">
        <NsfwBlur nsfw={character.nsfw} className="absolute inset-0" contentClassName="h-full">
          <CharacterPortrait
            name={character.name}
            src={character.avatarUrl}
            eager
            sizes="(min-width: 1024px) 400px, 100vw"
            className="object-[50%_30%]"
          />
        </NsfwBlur>
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-x-0 bottom-0 h-1/3 bg-linear-to-t from-black/70 to-transparent"
        />
        <div className="absolute top-3 left-3 flex gap-1.5">
          <AiBadge
            className="bg-sky-950/80 px-2 py-0.5 text-xs backdrop-blur"
            label={`${character.name} is an AI character, not a person`}
          />
          {character.nsfw ? (
            <span className="rounded-full bg-danger-strong/90 px-2.5 py-1 text-xs font-bold tracking-wider text-white uppercase">18+</span>
          ) : null}
          {character.premium ? (
            <span className="inline-flex items-center gap-1 rounded-full bg-black/60 px-2.5 py-1 text-xs font-bold text-coin ring-1 ring-coin/40 backdrop-blur">
              <Crown className="size-3.5" aria-hidden="true" />
              Premium
            </span>
          ) : null}
        </div>
      </div>
    </div>
  );
}

/** Who created the character, linking to their page, with a button to follow them. */
function CreatorCard({ character }: { character: CharacterProfile }) {
  const { creator } = character;
  return (
    <div className="mt-5 flex flex-wrap items-center justify-between gap-3 rounded-2xl bg-surface p-3 ring-1 ring-border">
      <Link
        to={`/creators/${creator.id}`}
        className="flex min-w-0 items-center gap-3 rounded-xl p-1 pr-3 hover:bg-surface-raised focus-visible:outline-2 focus-visible:outline-ring"
      >
        <Avatar name={creator.username} src={creator.avatarUrl} />
        <span className="min-w-0">
          <span className="block text-xs text-fg-subtle">Created by</span>
          <span className="block truncate font-semibold text-fg">@{creator.username}</span>
        </span>
      </Link>
      <FollowButton userId={creator.id} username={creator.username} isFollowing={character.isFollowingCreator} size="sm" />
    </div>
  );
}

/** The character's tags, each linking to its tag page. */
function TagList({ tags }: { tags: CharacterProfile['tags'] }) {
  return (
    <ul aria-label="Tags" className="mt-5 flex flex-wrap gap-2">
      {tags.map((tag) => (
        <li key={tag.name}>
          <Link
            to={`/tags/${encodeURIComponent(tag.name)}`}
            className="inline-flex items-center gap-1 rounded-full bg-surface-raised px-3 py-1 text-sm text-fg-muted ring-1 ring-border transition-colors hover:bg-surface-hover hover:text-fg focus-visible:outline-2 focus-visible:outline-ring"
          >
            <TagIcon category={tag.category} />
            {tag.displayName}
          </Link>
        </li>
      ))}
    </ul>
  );
}

function Profile({ character }: { character: CharacterProfile }) {
  const signedIn = useSession().user !== null;
  const fill = (text: string) => <MacroText text={text} characterName={character.name} />;
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-5 sm:px-6 lg:py-8">
      <div className="grid gap-6 lg:grid-cols-[minmax(0,300px)_minmax(0,1fr)] lg:gap-8 xl:grid-cols-[minmax(0,400px)_minmax(0,1fr)] xl:gap-10">
        <ProfilePortrait character={character} />

        <div className="min-w-0">
          {character.moderationHidden ? <ModerationHiddenNotice /> : null}
          <h1 className="text-3xl font-extrabold tracking-tight text-balance text-fg sm:text-4xl">{character.name}</h1>
          <p className="mt-2 text-base text-fg-muted sm:text-lg">{character.persona}</p>
          <p className="mt-2 flex items-center gap-2 text-sm text-fg-subtle">
            <AiBadge label={`${character.name} is an AI character, not a person`} />
            {character.name} is an AI character. Chats are written by a language model, not a person.
          </p>

          <CreatorCard character={character} />

          <div className="mt-5 flex flex-wrap gap-2">
            <StartChatButton character={character} />
            <AddToGroupButton character={character} />
            <LikeButton character={character} />
            <FavoriteButton character={character} />
            <Button asChild variant="secondary" size="icon" className="size-11">
              <Link to={`/character-gallery/${character.id}`} aria-label={`${character.name}'s gallery`}>
                <Images aria-hidden="true" />
              </Link>
            </Button>
            <ShareButton name={character.name} />
            {character.isOwner ? null : (
              <ReportMenu subject={{ type: 'character', id: character.id, name: character.name, url: `/characters/${character.id}` }} />
            )}
          </div>
          {character.isOwner ? <OwnerActions character={character} /> : null}

          <dl className="mt-5 grid grid-cols-2 gap-2 sm:grid-cols-4 lg:grid-cols-2 xl:grid-cols-4">
            <Stat icon={<MessageCircle />} label="Chats" value={shortenNumber(character.chatCount)} />
            <LikesStat character={character} />
            <Stat icon={<Bookmark />} label="Favorites" value={shortenNumber(character.favorites)} />
            <Stat icon={<Star />} label="Rating" value={ratingLabel(character)} title={ratingDescription(character)} />
          </dl>
          {signedIn && !character.isOwner ? <RateCharacter characterId={character.id} name={character.name} /> : null}

          {character.tags.length ? <TagList tags={character.tags} /> : null}

          <div className="mt-6 grid gap-4">
            {character.description ? <Section title="About">{fill(character.description)}</Section> : null}
            {character.scenario ? <Section title="Scenario">{fill(character.scenario)}</Section> : null}
            {character.greeting ? (
              <section className="rounded-2xl bg-linear-to-br from-primary-strong/10 via-surface to-accent-strong/10 p-5 ring-1 ring-border">
                <h2 className="mb-3 text-sm font-semibold tracking-wide text-fg-subtle uppercase">First message</h2>
                <div className="flex gap-3">
                  <Avatar name={character.name} src={character.thumbnailUrl ?? character.avatarUrl} size="sm" />
                  <p className="rounded-2xl rounded-tl-sm bg-surface-raised px-4 py-3 text-[15px] leading-relaxed whitespace-pre-line text-fg ring-1 ring-border">
                    <RoleplayText text={character.greeting} characterName={character.name} />
                  </p>
                </div>
              </section>
            ) : null}
            {character.personality ? <Section title="Personality">{fill(character.personality)}</Section> : null}
          </div>
        </div>
      </div>
      <SimilarCharacters character={character} />
    </div>
  );
}

function ProfileSkeleton() {
  return (
    <div role="status" aria-label="Loading character" className="mx-auto w-full max-w-6xl px-4 py-5 sm:px-6 lg:py-8">
      <div className="grid gap-6 lg:grid-cols-[minmax(0,300px)_minmax(0,1fr)] lg:gap-8 xl:grid-cols-[minmax(0,400px)_minmax(0,1fr)] xl:gap-10">
        <Skeleton className="mx-auto aspect-[4/5] w-full max-w-md rounded-3xl sm:aspect-[2/3]" />
        <div className="space-y-4">
          <Skeleton className="h-10 w-2/3" />
          <Skeleton className="h-5 w-full" />
          <Skeleton className="h-16 w-full rounded-2xl" />
          <div className="flex gap-2">
            <Skeleton className="h-11 w-36" />
            <Skeleton className="h-11 w-24" />
            <Skeleton className="h-11 w-28" />
          </div>
          <Skeleton className="h-20 w-full rounded-2xl" />
          <Skeleton className="h-40 w-full rounded-2xl" />
        </div>
      </div>
    </div>
  );
}

export default function CharacterProfilePage() {
  const { id = '' } = useParams();
  const query = useCharacter(id);
  useDocumentTitle(query.data?.name ?? (query.isError ? (isMissing(query.error) ? 'Character not found' : 'Character') : undefined));
  useMetaDescription(query.data ? `Chat with ${query.data.name} on Reverie. ${query.data.persona || query.data.description}` : undefined);
  if (query.isPending) return <ProfileSkeleton />;
  if (query.isError) {
    if (isMissing(query.error)) return <NotFound what="character" />;
    const ageLock = ageLockMessage(query.error);
    if (ageLock !== null) {
      return (
        <div className="px-4 py-10">
          <h1 className="sr-only">Character</h1>
          <AgeLockNotice message={ageLock || null} />
        </div>
      );
    }
    return (
      <div className="mx-auto max-w-3xl px-4 py-10">
        <ErrorState description="We could not load this character." onRetry={() => void query.refetch()} />
      </div>
    );
  }
  return <Profile character={query.data} />;
}
