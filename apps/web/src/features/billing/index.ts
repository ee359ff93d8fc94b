// The billing feature's entry: what other features and the pages use of it (eslint.config.js zones; #40).
export { useCancelSubscription } from './api/cancel-subscription';
export { useChangePlan } from './api/change-plan';
export { useCoinsInfo } from './api/get-coins-info';
export { useInvoices } from './api/get-invoices';
export { usePaymentsStatus } from './api/get-payments-status';
export { usePlans } from './api/get-plans';
export { useSubscriptionStatus } from './api/get-subscription-status';
export { useResumeSubscription } from './api/resume-subscription';
export {
  useAuthenticateSandboxCheckout,
  useCancelSandboxCheckout,
  useConfirmSandboxCheckout,
  useSandboxCheckout,
} from './api/sandbox-checkout';
export { useSpendingLimits } from './api/spending-limits';
export { useStartCoinCheckout } from './api/start-coin-checkout';
export { useSubscribe } from './api/subscribe';
export { useUpdateTier } from './api/update-tier';
export { AllowanceMeter } from './components/allowance-meter';
export { CardForm, type CardPayment } from './components/card-form';
export { CheckoutOutcomePage } from './components/checkout-outcome';
export { CoinHistory } from './components/coin-history';
export { CoinPackCard } from './components/coin-pack-card';
export { CoinsCard } from './components/coins-card';
export { InvoiceList } from './components/invoice-list';
export { MembershipModalProvider, useMembershipModal } from './components/membership-modal-context';
export { MonthlyClaimCard } from './components/monthly-claim-card';
export { PaymentMethodSection } from './components/payment-method-section';
export { PlanCard, PlanCardSkeleton } from './components/plan-card';
export { PriceTag } from './components/price-tag';
export { RetiredPaymentsNote } from './components/retired-payments-note';
export { SpendingCapLink, isSpendingCap, spendingCapOf } from './components/spending-cap-link';
export { SpendingLimitsCard } from './components/spending-limits-card';
export { TestModeBanner } from './components/test-mode-banner';
export { useConfirmSpend } from './hooks/use-confirm-spend';
export { bestYearlySaving, formatDate, formatMoney } from './lib/money';
export { openCheckout } from './lib/open-checkout';
export { messagePrice, picturePrice, priceShort, type Price } from './lib/price';
export { syncAccount } from './lib/sync-account';
