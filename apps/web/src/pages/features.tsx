import { FeaturesOverview } from '@/features/content';

export default function FeaturesPage() {
  return <FeaturesOverview />;
}
