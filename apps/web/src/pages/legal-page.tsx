import { ArrowLeft, ScrollText } from 'lucide-react';
import { LinkButton } from '@/components/page/link-button';
import { Page } from '@/components/page/page';
import { Card } from '@/components/ui/card';
import { LEGAL_PAGES } from '@/features/content/legal-pages';
import NotFoundPage from './not-found';

export default function LegalPage({ slug }: { slug: string }) {
  const page = LEGAL_PAGES.find((p) => p.slug === slug);
  if (!page) return <NotFoundPage />;
  return (
    <Page title={page.title} icon={<ScrollText />} className="max-w-3xl">
      <Card className="p-6 sm:p-8">
        <p className="text-base leading-relaxed text-fg-muted">{page.summary}</p>
        <p className="mt-4 text-sm text-fg-subtle">Questions about this policy? Contact our support team from your account settings.</p>
      </Card>
      <LinkButton to="/legal" variant="ghost" className="mt-6">
        <ArrowLeft aria-hidden="true" />
        All legal pages
      </LinkButton>
    </Page>
  );
}
