import { LegalDocumentView } from '@/features/content/components/legal-document';
import NotFoundPage from './not-found';

export default function LegalPage({ slug }: { slug: string }) {
  return <LegalDocumentView key={slug} slug={slug} notFound={<NotFoundPage />} />;
}
