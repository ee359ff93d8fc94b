import { GuidesList } from '@/features/content';

export default function GuidesPage() {
  return <GuidesList />;
}
