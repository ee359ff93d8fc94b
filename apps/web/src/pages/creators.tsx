import { Link, useSearchParams } from 'react-router';
import { Trophy, Users } from 'lucide-react';
import { CreatorPeriod, type CreatorPeriod as Period } from '@reverie/shared';
import { EmptyState } from '@/components/page/empty-state';
import { ErrorState } from '@/components/page/error-state';
import { Page } from '@/components/page/page';
import { Button } from '@/components/ui/button';
import { useTopCreators } from '@/features/creators';
import { CreatorCard, CreatorCardSkeleton } from '@/features/creators';
import { useDocumentTitle, useMetaDescription } from '@/lib/document-title';
import { cn } from '@/lib/utils';

const PERIODS: ReadonlyArray<{ value: Period; label: string }> = [
  { value: 'day', label: 'Today' },
  { value: 'week', label: 'This week' },
  { value: 'month', label: 'This month' },
  { value: 'all', label: 'All time' },
];

/** The period the ranking covers, as a row of radio buttons. */
function PeriodPicker({ period, onChange }: { period: Period; onChange: (value: Period) => void }) {
  return (
    <div
      role="radiogroup"
      aria-label="Period"
      className="mb-5 inline-flex max-w-full overflow-x-auto rounded-2xl bg-surface p-1 ring-1 ring-border [scrollbar-width:none]"
    >
      {PERIODS.map((option) => (
        <button
          key={option.value}
          type="button"
          role="radio"
          aria-checked={option.value === period}
          onClick={() => onChange(option.value)}
          className={cn(
            'h-9 shrink-0 rounded-xl px-2.5 text-sm font-semibold whitespace-nowrap transition-colors sm:px-3.5 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
            option.value === period
              ? 'bg-linear-to-r from-primary-strong to-accent-strong text-white shadow-glow'
              : 'text-fg-muted hover:text-fg',
          )}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}

export default function CreatorsPage() {
  useDocumentTitle('Top creators');
  useMetaDescription('The creators whose AI characters people chatted with and liked most on Reverie this week, month or of all time.');
  const [params, setParams] = useSearchParams();
  const parsed = CreatorPeriod.safeParse(params.get('period'));
  const period: Period = parsed.success ? parsed.data : 'month';
  const query = useTopCreators(period);

  const setPeriod = (value: Period) => {
    const next = new URLSearchParams(params);
    if (value === 'month') next.delete('period');
    else next.set('period', value);
    setParams(next, { replace: true });
  };

  return (
    <Page
      title="Top creators"
      description="The people behind the characters everyone is talking to, ranked by likes, chats and new followers."
      icon={<Trophy />}
      className="max-w-4xl"
    >
      <PeriodPicker period={period} onChange={setPeriod} />

      {/* The creators' names are h3: the outline goes h1 → h2 → h3. */}
      <h2 className="sr-only">Top creators</h2>
      {query.isPending ? (
        <div role="status" aria-label="Loading creators" className="grid gap-3">
          {Array.from({ length: 6 }, (_, i) => (
            <CreatorCardSkeleton key={i} />
          ))}
        </div>
      ) : query.isError ? (
        <ErrorState description="We could not load the top creators." onRetry={() => void query.refetch()} />
      ) : query.data.items.length === 0 ? (
        <EmptyState
          icon={<Users />}
          title="No rankings for this period yet"
          description="Nobody has collected likes, chats or followers in this period so far. Look at a longer period."
          action={
            period !== 'all' ? (
              <Button variant="outline" onClick={() => setPeriod('all')}>
                Show all time
              </Button>
            ) : (
              <Button asChild variant="outline">
                <Link to="/create-character">Become the first creator</Link>
              </Button>
            )
          }
        />
      ) : (
        <ol className="grid gap-3" aria-label="Top creators">
          {query.data.items.map((creator) => (
            <li key={creator.id}>
              <CreatorCard creator={creator} />
            </li>
          ))}
        </ol>
      )}
    </Page>
  );
}
