import { Coins } from 'lucide-react';
import { cn } from '@/lib/utils';
import { priceLong, priceShort, type Price } from '../lib/price';

/**
 * What an action costs, shown beside its button before the click (issue #32): "Free" while the allowance lasts, else
 * the coins. `action` names the action for screen readers ("Regenerate"). Reused by every costly action (chat, images,
 * group replies): build the price with `messagePrice` / `picturePrice` from what the server sent.
 */
export function PriceTag({ price, action, className }: { price: Price | null | undefined; action: string; className?: string }) {
  if (!price) return null;
  const free = price.coins === 0;
  return (
    <span
      data-testid="price-tag"
      title={`${action}: ${priceLong(price)}`}
      className={cn(
        'inline-flex shrink-0 items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap tabular-nums ring-1',
        free ? 'bg-success/10 text-success ring-success/30' : 'bg-warning/10 text-warning ring-warning/30',
        className,
      )}
    >
      <Coins aria-hidden="true" className="size-3" />
      <span aria-hidden="true">{priceShort(price)}</span>
      <span className="sr-only">
        {action}: {priceLong(price)}
      </span>
    </span>
  );
}
