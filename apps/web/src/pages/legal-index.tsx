import { Link } from 'react-router';
import { ChevronRight, Scale } from 'lucide-react';
import { Page } from '@/components/page/page';
import { LEGAL_PAGES } from '@/features/content/legal-pages';

export default function LegalIndexPage() {
  return (
    <Page title="Legal" description="Policies, terms and compliance statements for Reverie." icon={<Scale />}>
      <ul className="grid gap-3 sm:grid-cols-2">
        {LEGAL_PAGES.map((page) => (
          <li key={page.slug}>
            <Link
              to={`/legal/${page.slug}`}
              className="group flex h-full items-center justify-between gap-4 rounded-2xl border border-border bg-surface p-4 transition-colors hover:border-primary/40 hover:bg-surface-raised"
            >
              <span>
                <span className="block font-semibold text-fg">{page.title}</span>
                <span className="mt-1 line-clamp-2 block text-sm text-fg-muted">{page.summary}</span>
              </span>
              <ChevronRight className="size-5 shrink-0 text-fg-subtle group-hover:text-primary" aria-hidden="true" />
            </Link>
          </li>
        ))}
      </ul>
    </Page>
  );
}
