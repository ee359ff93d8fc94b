import { CircleSlash } from 'lucide-react';
import { SimplePage } from '@/components/page/simple-page';

export default function PaymentCancelPage() {
  return (
    <SimplePage
      title="Payment cancelled"
      description="No charge was made and your balance is unchanged."
      icon={<CircleSlash />}
      empty={{
        title: 'Nothing was charged',
        description: 'You can pick a coin pack again whenever you are ready.',
        action: { label: 'Back to coins', to: '/coins' },
      }}
    />
  );
}
