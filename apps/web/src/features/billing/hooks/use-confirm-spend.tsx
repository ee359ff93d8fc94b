// The user's "ask me before an action costs more than N coins" (Settings → Spending limits, stored with the caps on
// the server): every costly action asks through this before it runs.
import { useCallback, useRef, useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useSpendingLimits } from '../api/spending-limits';
import { coinWord, type Price } from '../lib/price';

interface Asking {
  coins: number;
  what: string;
}

/**
 * `confirm(price, what)` resolves true at once when the action costs no more than the threshold (or none is set),
 * else after the user confirms in the dialog (`dialog`, to render once); false when they cancel.
 */
export function useConfirmSpend() {
  const limits = useSpendingLimits();
  const [asking, setAsking] = useState<Asking | null>(null);
  const resolver = useRef<((ok: boolean) => void) | null>(null);
  const threshold = limits.data?.confirmAbove ?? null;

  const confirm = useCallback(
    (price: Price | null | undefined, what: string): Promise<boolean> => {
      const coins = price?.coins ?? 0;
      if (threshold === null || coins <= threshold) return Promise.resolve(true);
      resolver.current?.(false);
      setAsking({ coins, what });
      return new Promise<boolean>((resolve) => {
        resolver.current = resolve;
      });
    },
    [threshold],
  );

  const answer = (ok: boolean) => {
    resolver.current?.(ok);
    resolver.current = null;
    setAsking(null);
  };

  const dialog = (
    <ConfirmDialog
      open={asking !== null}
      onOpenChange={(open) => !open && answer(false)}
      title={`${asking?.what ?? 'This'} costs ${coinWord(asking?.coins ?? 0)}`}
      description={`You asked to confirm actions above ${coinWord(threshold ?? 0)} (Settings → Spending limits). Go ahead?`}
      confirmLabel={`Spend ${coinWord(asking?.coins ?? 0)}`}
      cancelLabel="Cancel"
      onConfirm={() => answer(true)}
    />
  );
  return { confirm, dialog, threshold };
}
