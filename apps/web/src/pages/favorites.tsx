import { useState } from 'react';
import { Link } from 'react-router';
import { useQueries } from '@tanstack/react-query';
import { Bookmark, Heart } from 'lucide-react';
import type { CharacterListItem, User } from '@reverie/shared';
import { EmptyState } from '@/components/page/empty-state';
import { ErrorState } from '@/components/page/error-state';
import { Page } from '@/components/page/page';
import { Button } from '@/components/ui/button';
import { useSession } from '@/features/auth';
import { characterQueryOptions } from '@/features/characters';
import { useLikedCharacters } from '@/features/characters';
import { CharacterGrid, CharacterGridSkeleton, InfiniteCharacterGrid } from '@/features/characters';
import { guestFavorites, guestLikes, useIdList } from '@/features/characters';
import { useFavoritesInfinite } from '@/features/favorites';
import { MANAGE_FAVORITES_ACTION } from '@/features/guest';
import { useGuestPrompt } from '@/features/guest';
import { useDocumentTitle } from '@/lib/document-title';
import { cn } from '@/lib/utils';

type Tab = 'favorites' | 'liked';

function Tabs({ value, onChange }: { value: Tab; onChange: (tab: Tab) => void }) {
  const tabs = [
    { value: 'favorites' as const, label: 'Favorites', icon: Bookmark },
    { value: 'liked' as const, label: 'Liked', icon: Heart },
  ];
  return (
    <div role="tablist" aria-label="Your characters" className="mb-5 inline-flex rounded-2xl bg-surface p-1 ring-1 ring-border">
      {tabs.map(({ value: v, label, icon: Icon }) => (
        <button
          key={v}
          type="button"
          role="tab"
          id={`tab-${v}`}
          aria-selected={v === value}
          aria-controls="favorites-panel"
          onClick={() => onChange(v)}
          className={cn(
            'inline-flex h-9 items-center gap-2 rounded-xl px-4 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
            v === value ? 'bg-surface-hover text-fg ring-1 ring-border-strong' : 'text-fg-muted hover:text-fg',
          )}
        >
          <Icon aria-hidden="true" className="size-4" />
          {label}
        </button>
      ))}
    </div>
  );
}

const browseAction = (
  <Button asChild>
    <Link to="/">Browse characters</Link>
  </Button>
);

function AccountFavorites({ user, tab }: { user: User; tab: Tab }) {
  const favorites = useFavoritesInfinite(tab === 'favorites' ? user.id : undefined);
  const liked = useLikedCharacters(tab === 'liked' ? user.id : undefined);
  if (tab === 'favorites') {
    return (
      <InfiniteCharacterGrid
        query={favorites}
        label="Your favorites"
        empty={
          <EmptyState
            icon={<Bookmark />}
            title="No favorites yet"
            description="Tap Favorite on a character's profile to keep them here, ready for your next conversation."
            action={browseAction}
          />
        }
      />
    );
  }
  if (liked.isPending) return <CharacterGridSkeleton />;
  if (liked.isError) return <ErrorState description="We could not load your liked characters." onRetry={() => void liked.refetch()} />;
  if (!liked.data.likedCharacters.length) {
    return (
      <EmptyState
        icon={<Heart />}
        title="No likes yet"
        description="Like the characters you enjoy: they help others find them, and they gather here."
        action={browseAction}
      />
    );
  }
  return <CharacterGrid items={liked.data.likedCharacters} label="Characters you liked" />;
}

const GUEST_LIST_MAX = 30;

/** A guest's lists live on this device: each character is loaded by id. */
function GuestFavorites({ tab }: { tab: Tab }) {
  const prompt = useGuestPrompt();
  const ids = useIdList(tab === 'favorites' ? guestFavorites : guestLikes);
  const shown = [...ids].reverse().slice(0, GUEST_LIST_MAX);
  const results = useQueries({ queries: shown.map((id) => ({ ...characterQueryOptions(id), retry: false })) });
  const items = results.map((r) => r.data).filter((c): c is NonNullable<typeof c> => Boolean(c)) as CharacterListItem[];
  const pending = results.some((r) => r.isPending);
  return (
    <div className="grid gap-5">
      <div className="flex flex-col gap-3 rounded-2xl bg-linear-to-r from-primary-strong/15 to-accent-strong/15 p-4 ring-1 ring-primary/25 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-fg-muted">
          These are kept on this device only. Create a free account to keep them everywhere and never lose them.
        </p>
        <Button size="sm" onClick={() => prompt.open(MANAGE_FAVORITES_ACTION)}>
          Manage favorites
        </Button>
      </div>
      {pending && !items.length ? (
        <CharacterGridSkeleton count={Math.min(shown.length, 10)} />
      ) : items.length ? (
        <CharacterGrid items={items} label={tab === 'favorites' ? 'Your favorites' : 'Characters you liked'} />
      ) : (
        <EmptyState
          icon={tab === 'favorites' ? <Bookmark /> : <Heart />}
          title={tab === 'favorites' ? 'No favorites yet' : 'No likes yet'}
          description={
            tab === 'favorites'
              ? "Tap Favorite on a character's profile to keep them here."
              : 'Like the characters you enjoy and they gather here.'
          }
          action={browseAction}
        />
      )}
    </div>
  );
}

export default function FavoritesPage() {
  useDocumentTitle('Favorites');
  const { user, status } = useSession();
  const [tab, setTab] = useState<Tab>('favorites');
  return (
    <Page title="Favorites" description="The characters you saved and liked." icon={<Bookmark />} className="max-w-7xl">
      <Tabs value={tab} onChange={setTab} />
      <div role="tabpanel" id="favorites-panel" aria-labelledby={`tab-${tab}`}>
        {user ? (
          <AccountFavorites user={user} tab={tab} />
        ) : status === 'loading' ? (
          <CharacterGridSkeleton />
        ) : (
          <GuestFavorites tab={tab} />
        )}
      </div>
    </Page>
  );
}
