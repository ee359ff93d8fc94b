import { Coins } from 'lucide-react';
import { FeatureComing } from '@/components/page/feature-coming';
import { Page } from '@/components/page/page';

export default function PaymentSuccessPage() {
  return (
    <Page title="Payment" description="Buying coin packs." icon={<Coins />}>
      <FeatureComing
        title="Payments are coming soon"
        description="No payment was taken and no coins were added. Buying coin packs arrives with payments."
        action={{ label: 'View your balance', to: '/coins' }}
      />
    </Page>
  );
}
