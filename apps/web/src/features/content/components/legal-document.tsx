import type { ReactNode } from 'react';
import type { LegalDocument } from '@reverie/shared/schemas/content';
import { Link } from 'react-router';
import { ArrowLeft, ArrowRight, CalendarDays, Clock, Printer, ScrollText, TriangleAlert } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { LinkButton } from '@/components/page/link-button';
import { ContentError, DocumentSkeleton, formatDate, isNotFound } from './content-states';
import { useLegalPage } from '../api/get-legal-page';
import { LEGAL_PAGES, type LegalPageInfo } from '../legal-pages';
import { useDocumentTitle, useMetaDescription } from '@/lib/document-title';
import { SafeMarkdown } from './markdown';
import { TableOfContents } from './table-of-contents';
import './print.css';

/** The document's title, summary, date, reading time and Print button. */
function LegalHeader({ title, doc }: { title: string; doc: LegalDocument | undefined }) {
  return (
    <header data-print-keep className="mb-8 flex flex-col gap-4 border-b border-border pb-6 sm:flex-row sm:items-end sm:justify-between">
      <div className="flex items-start gap-3">
        <span
          aria-hidden="true"
          className="mt-1 inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-primary/10 text-primary ring-1 ring-primary/25 print:hidden"
        >
          <ScrollText className="size-5" />
        </span>
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight text-balance text-fg sm:text-3xl">{title}</h1>
          {doc ? (
            <>
              <p className="mt-2 max-w-2xl text-sm text-fg-muted sm:text-base">{doc.summary}</p>
              <p className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-fg-subtle">
                <span className="inline-flex items-center gap-1.5">
                  <CalendarDays className="size-3.5" aria-hidden="true" />
                  Last updated <time dateTime={doc.updatedAt}>{formatDate(doc.updatedAt)}</time>
                </span>
                <span className="inline-flex items-center gap-1.5">
                  <Clock className="size-3.5" aria-hidden="true" />
                  {doc.readingMinutes} min read
                </span>
              </p>
            </>
          ) : null}
        </div>
      </div>
      {doc ? (
        <Button variant="secondary" size="sm" onClick={() => window.print()} data-print-hide className="self-start sm:self-auto">
          <Printer aria-hidden="true" />
          Print
        </Button>
      ) : null}
    </header>
  );
}

/** Links to the previous and next legal documents, when there are such. */
function LegalNeighbours({ prev, next }: { prev: LegalPageInfo | undefined; next: LegalPageInfo | undefined }) {
  return (
    <nav aria-label="Other legal pages" data-print-hide className="mt-12 grid gap-3 border-t border-border pt-6 sm:grid-cols-2">
      {prev ? (
        <LinkButton to={`/legal/${prev.slug}`} variant="secondary" className="h-auto justify-start py-3 whitespace-normal">
          <ArrowLeft aria-hidden="true" />
          <span className="text-left">
            <span className="block text-xs text-fg-subtle">Previous</span>
            {prev.title}
          </span>
        </LinkButton>
      ) : (
        <span />
      )}
      {next ? (
        <LinkButton to={`/legal/${next.slug}`} variant="secondary" className="h-auto justify-end py-3 whitespace-normal">
          <span className="text-right">
            <span className="block text-xs text-fg-subtle">Next</span>
            {next.title}
          </span>
          <ArrowRight aria-hidden="true" />
        </LinkButton>
      ) : null}
    </nav>
  );
}

/** A legal page: title, date, table of contents, the document, and the neighbouring documents. */
export function LegalDocumentView({ slug, notFound }: { slug: string; notFound: ReactNode }) {
  const query = useLegalPage(slug);
  const index = LEGAL_PAGES.findIndex((p) => p.slug === slug);
  const known = LEGAL_PAGES[index];
  const missing = query.isError && isNotFound(query.error);
  // Left to the not-found page when there is no such document.
  useDocumentTitle(missing ? undefined : (query.data?.title ?? known?.title ?? 'Legal'));
  useMetaDescription(missing ? undefined : query.data?.summary);
  if (missing) return notFound;
  const prev = index > 0 ? LEGAL_PAGES[index - 1] : undefined;
  const next = index >= 0 && index < LEGAL_PAGES.length - 1 ? LEGAL_PAGES[index + 1] : undefined;
  const doc = query.data;

  return (
    <div data-printable className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 lg:py-10">
      <Link
        to="/legal"
        data-print-hide
        className="mb-5 inline-flex items-center gap-1.5 text-sm text-fg-muted hover:text-fg focus-visible:outline-2 focus-visible:outline-ring"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        All legal pages
      </Link>
      <LegalHeader title={doc?.title ?? known?.title ?? 'Legal'} doc={doc} />

      {doc && doc.unsetFacts.length > 0 ? <UnsetFactsBanner facts={doc.unsetFacts} /> : null}
      {query.isPending ? <DocumentSkeleton label="Loading document..." /> : null}
      {query.isError ? <ContentError error={query.error} what="this document" onRetry={() => void query.refetch()} /> : null}
      {doc ? (
        <div className="grid gap-8 xl:grid-cols-[minmax(0,1fr)_15rem] xl:gap-12">
          <TableOfContents toc={doc.toc} className="xl:order-2" />
          <article className="min-w-0 xl:order-1" aria-label={doc.title}>
            <SafeMarkdown>{doc.markdown}</SafeMarkdown>
          </article>
        </div>
      ) : null}

      <LegalNeighbours prev={prev} next={next} />
    </div>
  );
}

/**
 * Development only (a production server refuses to start without these): the page prints placeholders where the
 * operator's facts belong, and says which variables to set.
 */
function UnsetFactsBanner({ facts }: { facts: string[] }) {
  return (
    <div
      role="note"
      data-print-hide
      data-testid="unset-facts-banner"
      className="mb-6 flex items-start gap-3 rounded-xl border border-warning/40 bg-warning/10 px-4 py-3 text-sm text-warning"
    >
      <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <p className="min-w-0">
        <span className="font-semibold">Not ready for visitors: </span>
        this page prints placeholders because the server has no value for{' '}
        {facts.map((f, i) => (
          <span key={f}>
            {i > 0 ? (i === facts.length - 1 ? ' and ' : ', ') : null}
            <code className="rounded bg-warning/15 px-1 py-0.5 font-mono text-xs break-all">{f}</code>
          </span>
        ))}
        . Set {facts.length === 1 ? 'it' : 'them'} in the server&apos;s environment (see docs/configuration.md); a production server will
        not start without {facts.length === 1 ? 'it' : 'them'}.
      </p>
    </div>
  );
}
