import { Crown } from 'lucide-react';
import { FeatureComing } from '@/components/page/feature-coming';
import { Page } from '@/components/page/page';

export default function SubscriptionSuccessPage() {
  return (
    <Page title="Membership" description="Monthly plans with premium characters and coins." icon={<Crown />}>
      <FeatureComing
        title="Memberships are coming soon"
        description="No membership was started and nothing was charged. Plans arrive with payments."
        action={{ label: 'See the plans', to: '/subscribe' }}
      />
    </Page>
  );
}
