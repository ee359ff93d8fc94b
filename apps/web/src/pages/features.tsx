import { FeaturesOverview } from '@/features/content/features-overview';

export default function FeaturesPage() {
  return <FeaturesOverview />;
}
