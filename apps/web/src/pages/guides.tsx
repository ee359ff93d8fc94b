import { GuidesList } from '@/features/content/components/guides-list';

export default function GuidesPage() {
  return <GuidesList />;
}
