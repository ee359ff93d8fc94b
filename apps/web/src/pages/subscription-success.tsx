import { PartyPopper } from 'lucide-react';
import { SimplePage } from '@/components/page/simple-page';

export default function SubscriptionSuccessPage() {
  return (
    <SimplePage
      title="Membership confirmed"
      description="Thank you for supporting Reverie."
      icon={<PartyPopper />}
      empty={{
        title: 'Your membership is active',
        description: 'Premium characters and your monthly coins are unlocked. Enjoy your conversations.',
        action: { label: 'Start exploring', to: '/' },
        secondary: { label: 'Manage membership', to: '/subscription/manage' },
      }}
    />
  );
}
