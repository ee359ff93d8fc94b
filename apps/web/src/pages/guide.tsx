import { useParams } from 'react-router';
import { GuideArticle } from '@/features/content';
import { NotFound } from '@/components/page/not-found';

export default function GuidePage() {
  const { slug = '' } = useParams();
  return <GuideArticle key={slug} slug={slug} notFound={<NotFound what="guide" />} />;
}
