import { Coins } from 'lucide-react';
import { ADD_COINS_AMOUNT, type User } from '@reverie/shared';
import { Button } from '@/components/ui/button';
import { LinkButton } from '@/components/page/link-button';
import { useAuthConfig } from '@/features/auth';
import { getErrorMessage } from '@/lib/api-client';
import { formatCoins } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useAddCoins } from '../api/add-coins';
import { SettingsSection } from '@/components/page/settings-section';

/** Coin balance, with the sandbox top-up when the server allows it (GET /api/auth/config addCoinsEnabled). */
export function CoinsCard({ user }: { user: User }) {
  const config = useAuthConfig();
  const addCoins = useAddCoins();
  const busy = addCoins.isPending;
  const add = () =>
    addCoins.mutate(undefined, {
      onSuccess: (result) =>
        toast({
          title: `${result.added} coins added`,
          description: `Your balance is now ${formatCoins(result.coins)}.`,
          variant: 'success',
        }),
      onError: (err) =>
        toast({ title: 'Could not add coins', description: getErrorMessage(err, 'Please try again.'), variant: 'destructive' }),
    });
  return (
    <SettingsSection title="Coins" description="Coins pay for messages and images." icon={<Coins />}>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <p className="flex items-baseline gap-2">
          <span className="text-3xl font-bold text-coin tabular-nums">{formatCoins(user.coins)}</span>
          <span className="text-sm text-fg-muted">coins</span>
        </p>
        <div className="flex flex-wrap gap-2">
          {config.data?.addCoinsEnabled ? (
            <Button variant="secondary" disabled={busy} onClick={add}>
              {busy ? 'Adding...' : `Add ${ADD_COINS_AMOUNT} coins (sandbox)`}
            </Button>
          ) : null}
          <LinkButton to="/coins">Get more coins</LinkButton>
        </div>
      </div>
    </SettingsSection>
  );
}
