import { Link } from 'react-router';
import { ChevronRight, Clock, FileText, Scale } from 'lucide-react';
import { Page } from '@/components/page/page';
import { ContentError, formatDate } from './content-states';
import { useLegalIndex } from '../api/get-legal-index';
import { LEGAL_PAGES } from '../legal-pages';

function IndexSkeleton() {
  return (
    <ul className="grid gap-3 sm:grid-cols-2" aria-busy="true" aria-label="Loading legal pages">
      {LEGAL_PAGES.map((p) => (
        <li key={p.slug} className="rounded-2xl border border-border bg-surface p-4">
          <span className="block font-semibold text-fg">{p.title}</span>
          <span aria-hidden="true" className="mt-2 block h-3 w-4/5 animate-pulse rounded-full bg-surface-raised" />
          <span aria-hidden="true" className="mt-2 block h-3 w-2/5 animate-pulse rounded-full bg-surface-raised" />
        </li>
      ))}
    </ul>
  );
}

/** `/legal`: every policy with its one-line summary, date and reading time. */
export function LegalIndex() {
  const query = useLegalIndex();
  return (
    <Page
      title="Legal"
      description="The terms, policies and compliance statements that govern Reverie, in plain language."
      icon={<Scale />}
    >
      {query.isPending ? <IndexSkeleton /> : null}
      {query.isError ? <ContentError error={query.error} what="the legal pages" onRetry={() => void query.refetch()} /> : null}
      {query.data ? (
        <ul className="grid gap-3 sm:grid-cols-2">
          {query.data.items.map((page) => (
            <li key={page.slug}>
              <Link
                to={`/legal/${page.slug}`}
                className="group flex h-full items-start gap-4 rounded-2xl border border-border bg-surface p-4 transition-colors hover:border-primary/40 hover:bg-surface-raised focus-visible:outline-2 focus-visible:outline-ring sm:p-5"
              >
                <span
                  aria-hidden="true"
                  className="mt-0.5 inline-flex size-9 shrink-0 items-center justify-center rounded-xl bg-accent/10 text-accent ring-1 ring-accent/25"
                >
                  <FileText className="size-4" />
                </span>
                <span className="min-w-0 flex-1">
                  <span className="block font-semibold text-fg group-hover:text-primary">{page.title}</span>
                  <span className="mt-1 block text-sm leading-relaxed text-fg-muted">{page.summary}</span>
                  <span className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-fg-subtle">
                    <span>Updated {formatDate(page.updatedAt)}</span>
                    <span className="inline-flex items-center gap-1">
                      <Clock className="size-3" aria-hidden="true" />
                      {page.readingMinutes} min read
                    </span>
                  </span>
                </span>
                <ChevronRight className="mt-1 size-5 shrink-0 text-fg-subtle group-hover:text-primary" aria-hidden="true" />
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      <p className="mt-8 text-sm text-fg-muted">
        Questions about these documents, or a request to remove content? Read the{' '}
        <Link to="/legal/content-policy" className="text-primary underline underline-offset-4">
          Content Policy
        </Link>{' '}
        for how reports and removal requests work, or the{' '}
        <Link to="/legal/dmca-notice" className="text-primary underline underline-offset-4">
          DMCA Notice
        </Link>{' '}
        for copyright. To ask for content to be removed, use the{' '}
        <Link to="/content-removal" className="text-primary underline underline-offset-4">
          content-removal request
        </Link>{' '}
        (no account needed); members can also write to{' '}
        <Link to="/support" className="text-primary underline underline-offset-4">
          support
        </Link>
        .
      </p>
    </Page>
  );
}
