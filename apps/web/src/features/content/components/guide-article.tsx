import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowLeft, CalendarDays, Clock } from 'lucide-react';
import { ContentSlug } from '@reverie/shared/schemas/content';
import { buildUrl } from '@/lib/api-client';
import { ContentError, DocumentSkeleton, formatDate, isNotFound } from './content-states';
import { GuideCard } from './guide-card';
import { useGuide } from '../api/get-guide';
import { SafeMarkdown } from './markdown';
import { useDocumentTitle, useMetaDescription } from '@/lib/document-title';
import { TableOfContents } from './table-of-contents';
import './print.css';
import { formatNumber } from '@/lib/format';

/** `/guides/{slug}`: cover, meta, table of contents, the article and related guides. */
export function GuideArticle({ slug, notFound }: { slug: string; notFound: ReactNode }) {
  const query = useGuide(slug);
  const missing = !ContentSlug.safeParse(slug).success || (query.isError && isNotFound(query.error));
  // Left to the not-found page when there is no such guide.
  useDocumentTitle(missing ? undefined : (query.data?.title ?? 'Guide'));
  useMetaDescription(missing ? undefined : query.data?.summary);
  if (missing) return notFound;
  const guide = query.data;
  return (
    <div data-printable className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 lg:py-10">
      <Link
        to="/guides"
        data-print-hide
        className="mb-5 inline-flex items-center gap-1.5 text-sm text-fg-muted hover:text-fg focus-visible:outline-2 focus-visible:outline-ring"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        All guides
      </Link>
      {query.isPending ? <DocumentSkeleton label="Loading guide..." /> : null}
      {query.isError ? <ContentError error={query.error} what="this guide" onRetry={() => void query.refetch()} /> : null}
      {guide ? (
        <>
          <header data-print-keep className="mb-8">
            <div className="relative overflow-hidden rounded-3xl border border-border print:hidden">
              <img
                src={buildUrl(guide.coverUrl)}
                alt={guide.cover.alt}
                width={1200}
                height={630}
                className="aspect-[40/21] w-full object-cover sm:aspect-[3/1]"
              />
            </div>
            <p className="mt-6 text-xs font-semibold tracking-wider text-accent uppercase">{guide.category}</p>
            <h1 className="mt-1 text-3xl font-bold tracking-tight text-balance text-fg sm:text-4xl">{guide.title}</h1>
            <p className="mt-3 max-w-3xl text-base text-fg-muted sm:text-lg">{guide.summary}</p>
            <p className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-xs text-fg-subtle">
              <span className="inline-flex items-center gap-1.5">
                <Clock className="size-3.5" aria-hidden="true" />
                {guide.readingMinutes} min read · {formatNumber(guide.wordCount)} words
              </span>
              <span className="inline-flex items-center gap-1.5">
                <CalendarDays className="size-3.5" aria-hidden="true" />
                Updated <time dateTime={guide.updatedAt}>{formatDate(guide.updatedAt)}</time>
              </span>
            </p>
          </header>
          <div className="grid gap-8 xl:grid-cols-[minmax(0,1fr)_15rem] xl:gap-12">
            <TableOfContents toc={guide.toc} className="xl:order-2" />
            <article className="min-w-0 xl:order-1" aria-label={guide.title}>
              <SafeMarkdown>{guide.markdown}</SafeMarkdown>
            </article>
          </div>
          {guide.related.length > 0 ? (
            <section aria-labelledby="related-heading" data-print-hide className="mt-14 border-t border-border pt-8">
              <h2 id="related-heading" className="mb-4 text-xl font-bold text-fg">
                Related guides
              </h2>
              <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
                {guide.related.map((g) => (
                  <li key={g.slug}>
                    <GuideCard guide={g} />
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
