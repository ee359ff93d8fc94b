import { useState } from 'react';
import { Coins } from 'lucide-react';
import { ADD_COINS_AMOUNT, type User } from '@reverie/shared';
import { Button } from '@/components/ui/button';
import { LinkButton } from '@/components/page/link-button';
import { useAuthConfig } from '@/features/auth/get-auth-config';
import { updateSessionUser } from '@/features/auth/session-store';
import { getErrorMessage } from '@/lib/api-client';
import { formatCoins } from '@/lib/format';
import { toast } from '@/lib/toast';
import { addCoins } from './add-coins';
import { SettingsSection } from './settings-section';

/** Coin balance, with the sandbox top-up when the server allows it (GET /api/auth/config addCoinsEnabled). */
export function CoinsCard({ user }: { user: User }) {
  const config = useAuthConfig();
  const [busy, setBusy] = useState(false);
  const add = async () => {
    setBusy(true);
    try {
      const result = await addCoins();
      updateSessionUser(result.user);
      toast({ title: `${result.added} coins added`, description: `Your balance is now ${formatCoins(result.coins)}.`, variant: 'success' });
    } catch (err) {
      toast({ title: 'Could not add coins', description: getErrorMessage(err, 'Please try again.'), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <SettingsSection title="Coins" description="Coins pay for messages and images." icon={<Coins />}>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <p className="flex items-baseline gap-2">
          <span className="text-3xl font-bold text-coin tabular-nums">{formatCoins(user.coins)}</span>
          <span className="text-sm text-fg-muted">coins</span>
        </p>
        <div className="flex flex-wrap gap-2">
          {config.data?.addCoinsEnabled ? (
            <Button variant="secondary" disabled={busy} onClick={() => void add()}>
              {busy ? 'Adding...' : `Add ${ADD_COINS_AMOUNT} coins (sandbox)`}
            </Button>
          ) : null}
          <LinkButton to="/coins">Get more coins</LinkButton>
        </div>
      </div>
    </SettingsSection>
  );
}
