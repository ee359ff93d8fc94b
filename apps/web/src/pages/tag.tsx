import { Link, useParams, useSearchParams } from 'react-router';
import { Hash, Sparkles } from 'lucide-react';
import { CharacterSort, type CharacterSort as Sort } from '@reverie/shared';
import { EmptyState } from '@/components/page/empty-state';
import { NotFound } from '@/components/page/not-found';
import { Button } from '@/components/ui/button';
import { useCharactersInfinite } from '@/features/characters';
import { InfiniteCharacterGrid } from '@/features/characters';
import { SORT_OPTIONS, SortTabs } from '@/features/characters';
import { useTags } from '@/features/tags';
import { getErrorStatus } from '@/lib/request-queue';
import { useDocumentTitle, useMetaDescription } from '@/lib/document-title';
import { TagIcon } from '@/features/tags';

const TAG_SORTS = SORT_OPTIONS.filter((o) => o.value !== 'for-you');

export default function TagPage() {
  const { tagName = '' } = useParams();
  const name = tagName.toLowerCase();
  const [params, setParams] = useSearchParams();
  const parsed = CharacterSort.safeParse(params.get('sort'));
  const sort: Sort = parsed.success && TAG_SORTS.some((o) => o.value === parsed.data) ? parsed.data : 'popular';
  const tags = useTags();
  const tag = tags.data?.find((t) => t.name === name);
  const label = tag?.displayName ?? name.replace(/-/g, ' ');
  const feed = useCharactersInfinite({ sort, tag: name });
  // The server answers 404 for an unknown tag and 400 for a name that cannot be one.
  const status = feed.isError ? getErrorStatus(feed.error) : undefined;
  const unknown = (tags.isSuccess && tags.data.length > 0 && !tag) || status === 404 || status === 400;
  useDocumentTitle(unknown ? 'Tag not found' : `#${label}`);
  useMetaDescription(
    unknown ? undefined : `AI characters tagged #${label} on Reverie: browse the most popular and newest, and start a chat.`,
  );
  if (unknown) return <NotFound what="tag" />;

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-5 sm:px-6 lg:py-8">
      <header className="relative mb-6 overflow-hidden rounded-3xl border border-border bg-surface px-5 py-6 sm:px-8 sm:py-8">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -top-20 -right-10 size-64 rounded-full opacity-30 blur-3xl"
          style={{ backgroundColor: tag?.color ?? 'var(--color-primary-strong)' }}
        />
        <div className="relative flex items-center gap-4">
          <span
            aria-hidden="true"
            className="inline-flex size-14 shrink-0 items-center justify-center rounded-2xl bg-surface-raised text-3xl ring-1 ring-border"
          >
            {tag ? <TagIcon category={tag.category} className="size-7 text-primary" /> : <Hash className="size-7 text-primary" />}
          </span>
          <div className="min-w-0">
            <p className="text-xs font-semibold tracking-wide text-fg-subtle uppercase">{tag?.category ?? 'Tag'}</p>
            <h1 className="truncate text-2xl font-extrabold tracking-tight text-fg capitalize sm:text-4xl">{label}</h1>
          </div>
        </div>
      </header>
      <div className="-mx-4 mb-5 overflow-x-auto px-4 [scrollbar-width:none] sm:mx-0 sm:px-0">
        <SortTabs value={sort} options={TAG_SORTS} onChange={(s) => setParams(s === 'popular' ? {} : { sort: s }, { replace: true })} />
      </div>
      {/* The cards' names are h3: the outline goes h1 → h2 → h3. */}
      <h2 className="sr-only">Characters tagged {label}</h2>
      <InfiniteCharacterGrid
        query={feed}
        label={`Characters tagged ${label}`}
        empty={
          <EmptyState
            icon={<Sparkles />}
            title={`No ${label} characters yet`}
            description="Nobody has published a character with this tag so far. Browse the feed, or create the first one."
            action={
              <>
                <Button asChild>
                  <Link to="/create-character">Create one</Link>
                </Button>
                <Button asChild variant="secondary">
                  <Link to="/">Browse the feed</Link>
                </Button>
              </>
            }
          />
        }
      />
    </div>
  );
}
