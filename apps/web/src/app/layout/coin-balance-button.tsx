import { Link } from 'react-router';
import { Coins } from 'lucide-react';
import { Tooltip } from '@/components/ui/tooltip';
import { formatCoins } from '@/lib/format';

/** Header coin balance (product.md §2): opens /coins. */
export function CoinBalanceButton({ coins }: { coins: number }) {
  const shown = formatCoins(coins);
  return (
    <Tooltip content="Get more coins">
      <Link
        to="/coins"
        aria-label={`Coin balance: ${shown}. Get more coins`}
        className="inline-flex h-11 items-center sm:h-9 gap-1 rounded-full bg-coin/10 px-2.5 sm:gap-1.5 sm:px-3 text-sm font-semibold text-coin ring-1 ring-coin/30 transition-colors hover:bg-coin/20"
      >
        <Coins className="size-4" aria-hidden="true" />
        <span className="tabular-nums">{shown}</span>
      </Link>
    </Tooltip>
  );
}
