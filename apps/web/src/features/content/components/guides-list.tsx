import { BookOpen } from 'lucide-react';
import { Page } from '@/components/page/page';
import { ContentError } from './content-states';
import { FaqSection } from './faq-section';
import { GuideCard } from './guide-card';
import { useGuides } from '../api/get-guides';

function CardSkeletons() {
  return (
    <div role="status" aria-live="polite" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      <span className="sr-only">Loading guides...</span>
      {Array.from({ length: 6 }, (_, i) => (
        <div key={i} aria-hidden="true" className="overflow-hidden rounded-2xl border border-border bg-surface">
          <div className="aspect-[40/21] animate-pulse bg-surface-raised" />
          <div className="space-y-2 p-5">
            <div className="h-3 w-1/4 rounded-full bg-surface-raised" />
            <div className="h-4 w-3/4 rounded-full bg-surface-raised" />
            <div className="h-3 w-full rounded-full bg-surface-raised" />
          </div>
        </div>
      ))}
    </div>
  );
}

/** `/guides`: the articles as cards (the first one featured) and the FAQ below. */
export function GuidesList() {
  const query = useGuides();
  const [first, ...rest] = query.data?.items ?? [];
  return (
    <Page
      title="Guides"
      description="Practical articles on chatting, creating characters, images, coins and staying safe."
      icon={<BookOpen />}
    >
      {query.isPending ? <CardSkeletons /> : null}
      {query.isError ? <ContentError error={query.error} what="the guides" onRetry={() => void query.refetch()} /> : null}
      {query.data && !first ? <p className="text-fg-muted">No guides have been published yet.</p> : null}
      {first ? (
        <>
          <GuideCard guide={first} featured />
          <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="More guides">
            {rest.map((g) => (
              <li key={g.slug}>
                <GuideCard guide={g} />
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <FaqSection />
    </Page>
  );
}
