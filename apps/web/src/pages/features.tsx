import { FeaturesOverview } from '@/features/content/components/features-overview';

export default function FeaturesPage() {
  return <FeaturesOverview />;
}
