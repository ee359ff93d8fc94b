import { CheckoutOutcomePage } from '@/features/billing';

export default function PaymentSuccessPage() {
  return (
    <CheckoutOutcomePage kind="coin_pack" landing="success" title="Coin purchase" description="What happened to your coin purchase." />
  );
}
