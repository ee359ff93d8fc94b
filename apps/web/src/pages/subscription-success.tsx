import { CheckoutOutcomePage } from '@/features/billing';

export default function SubscriptionSuccessPage() {
  return (
    <CheckoutOutcomePage kind="subscription" landing="success" title="Membership" description="What happened to your membership payment." />
  );
}
