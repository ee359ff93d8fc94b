import { CheckoutOutcomePage } from '@/features/billing';

export default function SubscriptionCancelPage() {
  return (
    <CheckoutOutcomePage
      kind="subscription"
      landing="cancel"
      title="Membership checkout"
      description="What happened to your membership checkout."
    />
  );
}
