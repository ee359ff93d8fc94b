import { Coins, Receipt } from 'lucide-react';
import { EmptyState } from '@/components/page/empty-state';
import { Page } from '@/components/page/page';
import { Card } from '@/components/ui/card';
import { useCurrentUser } from '@/features/auth/hooks/use-current-user';
import { formatCoins } from '@/lib/format';

export default function CoinsPage() {
  const user = useCurrentUser();
  return (
    <Page title="Coins" description="Coins pay for messages and image generations." icon={<Coins />}>
      <Card className="relative mb-6 overflow-hidden p-6 sm:p-8">
        <div aria-hidden="true" className="pointer-events-none absolute -top-16 -right-10 size-56 rounded-full bg-coin/15 blur-3xl" />
        <p className="text-sm font-medium text-fg-muted">Your balance</p>
        <p className="mt-1 flex items-center gap-2 text-4xl font-extrabold text-coin tabular-nums">
          <Coins className="size-8" aria-hidden="true" />
          {formatCoins(user?.coins ?? 0)}
        </p>
        <p className="mt-2 text-sm text-fg-muted">
          {user ? 'Top up any time; coins never expire.' : 'Sign in to keep a balance and buy coin packs.'}
        </p>
      </Card>
      <EmptyState icon={<Receipt />} title="No purchases yet" description="Coin packs you buy will be listed here with their receipts." />
    </Page>
  );
}
