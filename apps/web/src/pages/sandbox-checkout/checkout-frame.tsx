// The sandbox checkout's page around each step: the test-mode banner and, once the session is known, the order summary.
import type { ReactNode } from 'react';
import { Coins, Crown } from 'lucide-react';
import type { CheckoutSession } from '@reverie/shared';
import { TestModeBanner } from '@/features/billing';
import { formatMoney } from '@/features/billing';
import { formatCoins } from '@/lib/format';

export function Frame({ children, session }: { children: ReactNode; session?: CheckoutSession }) {
  return (
    <div className="min-h-dvh bg-bg">
      <div className="sticky top-0 z-10 border-b border-warning/30 bg-bg/90 px-4 py-2 backdrop-blur">
        <TestModeBanner
          className="mx-auto max-w-5xl justify-center border-0 bg-transparent py-0"
          detail="this sandbox checkout never charges a card"
        />
      </div>
      <div className="mx-auto grid max-w-5xl gap-8 px-4 py-8 sm:px-6 lg:grid-cols-[1fr_1.1fr] lg:gap-14 lg:py-14">
        {session ? <OrderSummary session={session} /> : null}
        <div className={session ? undefined : 'lg:col-span-2'}>{children}</div>
      </div>
    </div>
  );
}

function OrderSummary({ session }: { session: CheckoutSession }) {
  const amount = formatMoney(session.amountCents, session.currency);
  const isPack = session.kind === 'coin_pack';
  return (
    <section aria-labelledby="order-summary" className="grid content-start gap-6">
      <div className="flex items-center gap-2">
        <img src="/favicon.svg" alt="" className="size-8 rounded-lg" width={32} height={32} />
        <span className="text-base font-bold text-fg">Reverie</span>
        <span className="rounded-full bg-warning/15 px-2 py-0.5 text-[11px] font-bold tracking-wide text-warning uppercase">Test mode</span>
      </div>
      <div>
        <h1 id="order-summary" className="text-sm font-medium text-fg-muted">
          {isPack ? 'Buy coins' : 'Subscribe to Reverie'}
        </h1>
        <p className="mt-1 text-4xl font-extrabold tracking-tight text-fg tabular-nums" data-testid="checkout-amount">
          {amount}
          {session.billingPeriod ? (
            <span className="ml-1 text-base font-medium text-fg-muted">per {session.billingPeriod === 'yearly' ? 'year' : 'month'}</span>
          ) : null}
        </p>
      </div>
      <div className="rounded-2xl border border-border bg-surface p-4">
        <div className="flex items-start gap-3">
          <span
            aria-hidden="true"
            className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-primary/10 text-primary ring-1 ring-primary/25"
          >
            {isPack ? <Coins className="size-5 text-coin" /> : <Crown className="size-5" />}
          </span>
          <div className="min-w-0 grow">
            <p className="text-sm font-semibold text-fg">{session.description}</p>
            <p className="text-xs text-fg-muted">
              {isPack && session.coins !== null
                ? `${formatCoins(session.coins)} coins added to your balance`
                : session.billingPeriod
                  ? `Renews ${session.billingPeriod}; cancel any time`
                  : null}
            </p>
          </div>
          <p className="text-sm font-semibold text-fg tabular-nums">{amount}</p>
        </div>
        <div className="mt-4 flex justify-between border-t border-border pt-3 text-sm">
          <span className="text-fg-muted">Total due today</span>
          <span className="font-bold text-fg tabular-nums">{amount}</span>
        </div>
      </div>
    </section>
  );
}
