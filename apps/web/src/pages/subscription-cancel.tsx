import { CircleSlash } from 'lucide-react';
import { SimplePage } from '@/components/page/simple-page';

export default function SubscriptionCancelPage() {
  return (
    <SimplePage
      title="Checkout cancelled"
      description="No payment was taken and your plan has not changed."
      icon={<CircleSlash />}
      empty={{
        title: 'Changed your mind?',
        description: 'You can come back to the membership plans at any time.',
        action: { label: 'Back to plans', to: '/subscribe' },
        secondary: { label: 'Home', to: '/' },
      }}
    />
  );
}
