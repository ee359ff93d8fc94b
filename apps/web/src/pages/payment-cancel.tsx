import { CheckoutOutcomePage } from '@/features/billing';

export default function PaymentCancelPage() {
  return <CheckoutOutcomePage kind="coin_pack" landing="cancel" title="Coin purchase" description="What happened to your coin purchase." />;
}
