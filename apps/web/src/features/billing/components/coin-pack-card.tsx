import { Coins, Sparkles } from 'lucide-react';
import type { CoinPack } from '@reverie/shared';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatCoins } from '@/lib/format';
import { cn } from '@/lib/utils';
import { formatMoney } from '../lib/money';

interface CoinPackCardProps {
  pack: CoinPack;
  busy: boolean;
  disabled: boolean;
  onBuy: (pack: CoinPack) => void;
}

export function CoinPackCard({ pack, busy, disabled, onBuy }: CoinPackCardProps) {
  const headingId = `pack-${pack.id}`;
  return (
    <section
      aria-labelledby={headingId}
      data-testid={`pack-${pack.id}`}
      className={cn(
        'relative flex flex-col gap-3 rounded-2xl border bg-surface p-5 transition-colors',
        pack.highlighted ? 'border-coin/50 bg-linear-to-b from-coin/10 to-surface' : 'border-border hover:border-border-strong',
      )}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="text-sm font-semibold text-fg-muted">
          {pack.name}
        </h3>
        {pack.highlighted ? (
          <Badge className="bg-coin/15 text-coin ring-coin/40">
            <Sparkles aria-hidden="true" />
            Best value
          </Badge>
        ) : null}
      </div>
      <p className="flex items-center gap-2 text-3xl font-extrabold text-coin tabular-nums">
        <Coins aria-hidden="true" className="size-7" />
        {formatCoins(pack.totalCoins)}
      </p>
      <p className="min-h-5 text-xs text-fg-muted">
        {pack.bonusCoins > 0 ? (
          <>
            {formatCoins(pack.coins)} + <span className="font-semibold text-success">{formatCoins(pack.bonusCoins)} bonus</span>
          </>
        ) : (
          'No bonus'
        )}
      </p>
      <Button
        className="mt-auto w-full"
        variant={pack.highlighted ? 'primary' : 'secondary'}
        disabled={disabled}
        onClick={() => onBuy(pack)}
        // Starts with the words it shows (WCAG 2.5.3), then says which pack.
        aria-label={
          busy ? undefined : `Buy for ${formatMoney(pack.priceCents, pack.currency)}: ${pack.name}, ${formatCoins(pack.totalCoins)} coins`
        }
      >
        {busy ? 'Opening checkout...' : `Buy for ${formatMoney(pack.priceCents, pack.currency)}`}
      </Button>
    </section>
  );
}
