import { LegalDocumentView } from '@/features/content';
import NotFoundPage from './not-found';

export default function LegalPage({ slug }: { slug: string }) {
  return <LegalDocumentView key={slug} slug={slug} notFound={<NotFoundPage />} />;
}
