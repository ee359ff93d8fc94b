import { Link, useSearchParams } from 'react-router';
import { Sparkles, Users, WandSparkles } from 'lucide-react';
import type { CharacterSort as Sort, User } from '@reverie/shared';
import { EmptyState } from '@/components/page/empty-state';
import { Button } from '@/components/ui/button';
import { AgeLockBanner } from '@/features/age-assurance';
import { useSession } from '@/features/auth';
import { useCharactersInfinite } from '@/features/characters';
import { InfiniteCharacterGrid } from '@/features/characters';
import { CategoryChips, SortTabs } from '@/features/characters';
import { useDocumentTitle, useMetaDescription } from '@/lib/document-title';

// A plain list, not the CharacterSort schema: the feed's first load builds no zod schema.
const FEED_SORTS = ['for-you', 'trending', 'popular', 'new', 'top-rated'] as const satisfies readonly Sort[];

function readSort(value: string | null): Sort {
  return FEED_SORTS.find((sort) => sort === value) ?? 'for-you';
}

const HOME_DESCRIPTION =
  'Discover AI characters picked for you, chat with them, and bring them to life with generated pictures. Adults only (18+).';

/** The welcome at the top of the feed: who it is picked for, the headline, and links to top creators and creating a character. */
function DiscoverHero({ user }: { user: User | null }) {
  return (
    <section
      aria-labelledby="discover-heading"
      className="relative mb-4 overflow-hidden rounded-3xl border border-border bg-surface px-5 py-5 sm:mb-5 sm:px-8 sm:py-6"
    >
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-24 -right-10 size-72 rounded-full bg-primary-strong/25 blur-3xl"
      />
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -bottom-28 left-1/4 size-72 rounded-full bg-accent-strong/25 blur-3xl"
      />
      <div className="relative flex flex-col gap-5 md:flex-row md:items-end md:justify-between">
        <div className="max-w-2xl">
          <p className="mb-2 inline-flex items-center gap-1.5 rounded-full bg-primary/10 px-3 py-1 text-xs font-semibold text-primary ring-1 ring-primary/30">
            <Sparkles className="size-3.5" aria-hidden="true" />
            {user ? `Picked for ${user.username}` : 'For you'}
          </p>
          <h1 id="discover-heading" className="text-[1.625rem] leading-tight font-extrabold tracking-tight text-fg sm:text-[2rem]">
            Who will you meet tonight?
          </h1>
          <p className="mt-2 hidden text-sm text-fg-muted sm:block sm:text-base">
            Companions, rivals and adventurers, each with their own voice. Pick one and start a conversation.
          </p>
        </div>
        <div className="hidden flex-wrap gap-2 sm:flex">
          <Button asChild variant="secondary">
            <Link to="/creators">
              <Users aria-hidden="true" />
              Top creators
            </Link>
          </Button>
          <Button asChild>
            <Link to="/create-character">
              <WandSparkles aria-hidden="true" />
              Create a character
            </Link>
          </Button>
        </div>
      </div>
    </section>
  );
}

export default function HomePage() {
  useDocumentTitle('For You');
  useMetaDescription(HOME_DESCRIPTION);
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const sort = readSort(params.get('sort'));
  const category = params.get('category');
  const feed = useCharactersInfinite({ sort, ...(category ? { category } : {}) });

  const update = (next: { sort?: Sort; category?: string | null }) => {
    const merged = new URLSearchParams(params);
    if (next.sort !== undefined) {
      if (next.sort === 'for-you') merged.delete('sort');
      else merged.set('sort', next.sort);
    }
    if (next.category !== undefined) {
      if (next.category) merged.set('category', next.category);
      else merged.delete('category');
    }
    setParams(merged, { replace: true, preventScrollReset: true });
  };

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-5 sm:px-6 lg:py-8">
      <DiscoverHero user={user} />

      <div className="sticky top-(--header-h) z-20 -mx-4 mb-5 space-y-3 bg-bg/85 px-4 py-3 backdrop-blur-md sm:-mx-6 sm:px-6">
        <div className="-mx-4 overflow-x-auto px-4 [scrollbar-width:none] sm:mx-0 sm:px-0">
          <SortTabs value={sort} onChange={(s) => update({ sort: s })} />
        </div>
        <CategoryChips value={category} onChange={(c) => update({ category: c })} />
      </div>

      <AgeLockBanner className="mb-5" />

      <section aria-labelledby="feed-heading">
        {/* The cards' names are h3: the outline goes h1 → h2 → h3. */}
        <h2 id="feed-heading" className="sr-only">
          Characters
        </h2>
        <InfiniteCharacterGrid
          query={feed}
          label="Characters"
          empty={
            <EmptyState
              icon={<Sparkles />}
              title="Nothing here yet"
              description={
                category
                  ? 'No characters in this category yet. Try another one, or browse everything.'
                  : 'New characters appear here as creators publish them. Be the first: design a character and share it.'
              }
              action={
                category ? (
                  <Button variant="outline" onClick={() => update({ category: null })}>
                    Show all characters
                  </Button>
                ) : (
                  <Button asChild variant="outline">
                    <Link to="/create-character">Start creating</Link>
                  </Button>
                )
              }
            />
          }
        />
      </section>
    </div>
  );
}
