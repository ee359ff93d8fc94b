import { memo } from 'react';
import { Link } from 'react-router';
import { Crown, EyeOff, Heart, MessageCircle, Star } from 'lucide-react';
import type { CharacterListItem } from '@reverie/shared';
import { AiBadge } from '@/components/ui/ai-badge';
import { NsfwBlur } from '@/components/ui/nsfw-blur';
import { formatNumber, shortenNumber } from '@/lib/format';
import { cn } from '@/lib/utils';
import { useLikeState } from '../hooks/use-like-state';
import { ratingDescription, ratingLabel } from '../lib/rating';
import { CharacterPortrait } from './character-portrait';

interface CharacterCardProps {
  character: CharacterListItem;
  /** Cards in the first row load their portrait eagerly. */
  eager?: boolean;
}

const MAX_CARD_TAGS = 3;

/** The badges over the portrait's top corner: AI, 18+, Premium and Hidden by moderators. */
function CardBadges({ character }: { character: CharacterListItem }) {
  return (
    <div className="absolute top-2.5 left-2.5 flex gap-1.5">
      <AiBadge className="bg-sky-950/80 shadow backdrop-blur" label={`${character.name} is an AI character, not a person`} />
      {character.nsfw ? (
        <span className="rounded-full bg-danger-strong/90 px-2 py-0.5 text-[10px] font-bold tracking-wider text-white uppercase shadow">
          18+
        </span>
      ) : null}
      {character.premium ? (
        <span className="inline-flex items-center gap-1 rounded-full bg-black/60 px-2 py-0.5 text-[10px] font-bold tracking-wider text-coin uppercase ring-1 ring-coin/40 backdrop-blur">
          <Crown className="size-3" aria-hidden="true" />
          Premium
        </span>
      ) : null}
      {character.moderationHidden ? (
        <span className="inline-flex items-center gap-1 rounded-full bg-black/70 px-2 py-0.5 text-[10px] font-bold tracking-wider text-danger uppercase ring-1 ring-danger/50 backdrop-blur">
          <EyeOff className="size-3" aria-hidden="true" />
          Hidden by moderators
        </span>
      ) : null}
    </div>
  );
}

/** The counts under the tags: chats, likes (filled when you liked it) and the rating. */
function CardStats({ character, likes, isLiked }: { character: CharacterListItem; likes: number; isLiked: boolean }) {
  return (
    <div className="mt-2 flex items-center gap-3 text-xs font-medium text-white/80">
      <span className="inline-flex items-center gap-1" title={`${formatNumber(character.chatCount)} chats`}>
        <MessageCircle className="size-3.5" aria-hidden="true" />
        <span className="sr-only">Chats: </span>
        {shortenNumber(character.chatCount)}
      </span>
      <span className="inline-flex items-center gap-1" title={`${formatNumber(likes)} likes`}>
        <Heart className={cn('size-3.5', isLiked && 'fill-primary text-primary')} aria-hidden="true" />
        <span className="sr-only">{isLiked ? 'Liked by you. Likes: ' : 'Likes: '}</span>
        {shortenNumber(likes)}
      </span>
      <span className="inline-flex items-center gap-1" title={ratingDescription(character)}>
        <Star className="size-3.5" aria-hidden="true" />
        <span className="sr-only">Rating: </span>
        {ratingLabel(character)}
      </span>
    </div>
  );
}

/** A portrait-first card: 2:3 art, name, tagline, tags, chat count and likes; NSFW art blurred per the filter. */
export const CharacterCard = memo(function CharacterCard({ character, eager }: CharacterCardProps) {
  const { isLiked, likes } = useLikeState(character);
  const tags = character.tags.filter((t) => t.name !== 'nsfw' && t.name !== 'sfw').slice(0, MAX_CARD_TAGS);
  return (
    <article className="group relative" data-testid="character-card">
      <Link
        to={`/characters/${character.id}`}
        className="block rounded-2xl focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        // Named by what it shows (name, tagline, counts), not a label that leaves the visible text out (WCAG 2.5.3).
      >
        <div className="relative aspect-[2/3] overflow-hidden rounded-2xl bg-surface-raised shadow-lg shadow-black/30 ring-1 ring-white/5 transition duration-300 group-hover:-translate-y-0.5 group-hover:shadow-xl group-hover:shadow-primary-strong/10 group-hover:ring-primary/40">
          <NsfwBlur nsfw={character.nsfw} className="absolute inset-0" contentClassName="h-full" labelClassName="bottom-2/5">
            <CharacterPortrait
              name={character.name}
              src={character.avatarUrl}
              eager={eager}
              sizes="(min-width: 1024px) 240px, 50vw"
              small
              className="transition-transform duration-500 ease-out group-hover:scale-[1.04]"
            />
          </NsfwBlur>
          <div
            aria-hidden="true"
            className="pointer-events-none absolute inset-x-0 bottom-0 h-3/5 bg-linear-to-t from-black/95 via-black/60 to-transparent"
          />
          <CardBadges character={character} />
          <div className="absolute inset-x-0 bottom-0 p-3 sm:p-3.5">
            <h3 className="line-clamp-2 text-base leading-tight font-bold text-white drop-shadow [overflow-wrap:anywhere] sm:text-lg">
              {character.name}
            </h3>
            <p className="mt-0.5 line-clamp-2 text-xs leading-snug text-white/75 sm:text-[13px]">{character.persona}</p>
            {tags.length ? (
              <ul aria-label="Tags" className="mt-2 flex max-h-5 flex-wrap gap-1 overflow-hidden">
                {tags.map((tag) => (
                  <li
                    key={tag.name}
                    className="shrink-0 rounded-full bg-white/10 px-2 py-0.5 text-[10px] leading-4 font-medium text-white/85 ring-1 ring-white/10 backdrop-blur-sm"
                  >
                    {tag.displayName}
                  </li>
                ))}
              </ul>
            ) : null}
            <CardStats character={character} likes={likes} isLiked={isLiked} />
            <p className="mt-1 line-clamp-2 text-[11px] leading-tight text-white/60 [overflow-wrap:anywhere]">
              @{character.creator.username}
            </p>
          </div>
        </div>
      </Link>
    </article>
  );
});

/** The card's shape while the list loads. */
export function CharacterCardSkeleton() {
  return (
    <div aria-hidden="true" className="relative aspect-[2/3] overflow-hidden rounded-2xl bg-surface-raised ring-1 ring-white/5">
      <div className="absolute inset-0 animate-pulse bg-linear-to-b from-surface-hover/40 to-surface" />
      <div className="absolute inset-x-3 bottom-3 space-y-2">
        <div className="h-4 w-2/3 animate-pulse rounded-full bg-surface-hover" />
        <div className="h-3 w-full animate-pulse rounded-full bg-surface-hover/70" />
        <div className="h-3 w-1/2 animate-pulse rounded-full bg-surface-hover/70" />
      </div>
    </div>
  );
}
