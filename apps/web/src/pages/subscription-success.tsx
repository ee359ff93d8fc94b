import { CheckoutOutcomePage } from '@/features/billing/components/checkout-outcome';

export default function SubscriptionSuccessPage() {
  return (
    <CheckoutOutcomePage kind="subscription" landing="success" title="Membership" description="What happened to your membership payment." />
  );
}
