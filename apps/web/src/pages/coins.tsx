import { useNavigate } from 'react-router';
import { Coins, Crown, History, ShoppingBag } from 'lucide-react';
import type { CoinPack, CoinsInfoResponse } from '@reverie/shared';
import { ErrorPanel } from '@/components/page/error-panel';
import { LinkButton } from '@/components/page/link-button';
import { Page } from '@/components/page/page';
import { Badge } from '@/components/ui/badge';
import { Spinner } from '@/components/ui/spinner';
import { RequireSession } from '@/features/auth';
import { useCoinsInfo } from '@/features/billing';
import { useStartCoinCheckout } from '@/features/billing';
import { AllowanceMeter } from '@/features/billing';
import { CoinHistory } from '@/features/billing';
import { CoinPackCard } from '@/features/billing';
import { MonthlyClaimCard } from '@/features/billing';
import { RetiredPaymentsNote } from '@/features/billing';
import { TestModeBanner } from '@/features/billing';
import { openCheckout } from '@/features/billing';
import { getErrorMessage } from '@/lib/api-client';
import { formatCoins } from '@/lib/format';
import { toast } from '@/lib/toast';

const TIER_NAMES = { free: 'Free', premium: 'Premium', ultimate: 'Ultimate' } as const;

/** The balance, the plan, what coins buy and how much of the free allowance is left. */
function BalanceCard({ data }: { data: CoinsInfoResponse }) {
  return (
    <section aria-labelledby="balance-heading" className="relative overflow-hidden rounded-2xl border border-border bg-surface p-6 sm:p-7">
      <div aria-hidden="true" className="pointer-events-none absolute -top-20 -right-16 size-64 rounded-full bg-coin/15 blur-3xl" />
      <div className="relative flex flex-wrap items-start justify-between gap-3">
        <h2 id="balance-heading" className="text-sm font-medium text-fg-muted">
          Your balance
        </h2>
        <Badge variant={data.tier === 'free' ? 'default' : 'primary'}>
          <Crown aria-hidden="true" />
          {TIER_NAMES[data.tier]} plan
        </Badge>
      </div>
      <p
        className="relative mt-1 flex items-center gap-2 text-5xl font-extrabold tracking-tight text-coin tabular-nums"
        data-testid="coins-balance"
      >
        <Coins className="size-10" aria-hidden="true" />
        {formatCoins(data.balance)}
      </p>
      <p className="relative mt-2 text-sm text-fg-muted">
        After your free allowance, a message costs {data.costs.chatMessage} {data.costs.chatMessage === 1 ? 'coin' : 'coins'} and an image{' '}
        {data.costs.image}. Coins never expire.
      </p>
      <div className="relative mt-5 grid gap-4 border-t border-border pt-5 sm:grid-cols-2">
        <AllowanceMeter label="Free messages" allowance={data.allowances.chatMessages} period="today" />
        <AllowanceMeter label="Free images" allowance={data.allowances.images} period="this month" />
      </div>
    </section>
  );
}

function CoinsDashboard() {
  const navigate = useNavigate();
  const info = useCoinsInfo();
  const checkout = useStartCoinCheckout();

  if (info.isPending) {
    return (
      <div className="flex justify-center py-16">
        <Spinner label="Loading your coins..." showLabel />
      </div>
    );
  }
  if (info.isError) {
    return (
      <ErrorPanel
        title="Your coins could not be loaded"
        message={getErrorMessage(info.error, 'Please try again in a moment.')}
        onRetry={() => void info.refetch()}
        retrying={info.isFetching}
      />
    );
  }
  const data = info.data;

  const buy = (pack: CoinPack) =>
    checkout.mutate(
      { packId: pack.id },
      {
        onSuccess: (result) => openCheckout(result.checkoutUrl, navigate),
        onError: (error) =>
          toast({ title: 'Could not start checkout', description: getErrorMessage(error, 'Please try again.'), variant: 'destructive' }),
      },
    );

  return (
    <div className="grid gap-8">
      <div className="grid gap-4 xl:grid-cols-[1.4fr_1fr]">
        <BalanceCard data={data} />
        <MonthlyClaimCard monthly={data.monthly} />
      </div>

      <section aria-labelledby="packs-heading">
        <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
          <div>
            <h2 id="packs-heading" className="flex items-center gap-2 text-lg font-semibold text-fg">
              <ShoppingBag aria-hidden="true" className="size-5 text-primary" />
              Coin packs
            </h2>
            <p className="text-sm text-fg-muted">Bigger packs come with more bonus coins.</p>
          </div>
          {data.testMode ? <TestModeBanner detail="pay with a test card" /> : null}
        </div>
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-5">
          {data.packs.map((pack) => (
            <CoinPackCard
              key={pack.id}
              pack={pack}
              busy={checkout.isPending && checkout.variables?.packId === pack.id}
              disabled={checkout.isPending}
              onBuy={buy}
            />
          ))}
        </div>
        <RetiredPaymentsNote className="mt-3 text-xs text-fg-subtle" />
      </section>

      <section aria-labelledby="history-heading">
        <h2 id="history-heading" className="mb-4 flex items-center gap-2 text-lg font-semibold text-fg">
          <History aria-hidden="true" className="size-5 text-primary" />
          Coin history
        </h2>
        <CoinHistory movements={data.movements} />
      </section>
    </div>
  );
}

export default function CoinsPage() {
  return (
    <Page
      title="Coins"
      description="Coins pay for messages and images beyond your free allowance."
      icon={<Coins />}
      actions={
        <LinkButton to="/subscribe" variant="secondary">
          <Crown aria-hidden="true" />
          Membership plans
        </LinkButton>
      }
    >
      <RequireSession
        title="Sign in to see your coins"
        description="Your balance, coin packs and monthly coins live here once you have an account."
      >
        {() => <CoinsDashboard />}
      </RequireSession>
    </Page>
  );
}
