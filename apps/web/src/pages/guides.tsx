import { GuidesList } from '@/features/content/guides-list';

export default function GuidesPage() {
  return <GuidesList />;
}
