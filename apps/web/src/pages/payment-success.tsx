import { CheckCircle2 } from 'lucide-react';
import { SimplePage } from '@/components/page/simple-page';

export default function PaymentSuccessPage() {
  return (
    <SimplePage
      title="Payment complete"
      description="Thank you for your purchase."
      icon={<CheckCircle2 />}
      empty={{
        title: 'Coins added',
        description: 'Your new coins have been added to your balance and are ready to spend.',
        action: { label: 'View balance', to: '/coins' },
        secondary: { label: 'Start chatting', to: '/chat' },
      }}
    />
  );
}
