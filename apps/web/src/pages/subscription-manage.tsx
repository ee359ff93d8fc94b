import { Settings2 } from 'lucide-react';
import { SimplePage } from '@/components/page/simple-page';

export default function SubscriptionManagePage() {
  return (
    <SimplePage
      title="Manage membership"
      description="Review your plan, renewal date and invoices."
      icon={<Settings2 />}
      empty={{
        title: 'No active membership',
        description: "You're on the free plan. Upgrade whenever you like to unlock premium characters and monthly coins.",
        action: { label: 'See plans', to: '/subscribe' },
      }}
    />
  );
}
