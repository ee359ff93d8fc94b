import { NotFound } from '@/components/page/not-found';

export default function NotFoundPage() {
  return <NotFound />;
}
