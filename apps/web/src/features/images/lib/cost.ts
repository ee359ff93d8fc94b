import type { ImageGenerationStatus } from '@reverie/shared';

export interface Quote {
  free: number;
  coins: number;
  /** The balance covers the coins. */
  affordable: boolean;
  text: string;
}

/** What `count` pictures cost now, in one sentence: the month's free pictures first, then coins. */
export function quoteFor(cost: ImageGenerationStatus['cost'], count: number): Quote | null {
  if (!cost) return null;
  const free = Math.min(count, cost.freeLeft);
  const coins = (count - free) * cost.costPerImage;
  const affordable = coins <= cost.balance;
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  let text: string;
  if (coins === 0) text = `Free: ${plural(free, 'picture')} from this month's allowance (${cost.freeLeft} left)`;
  else if (free > 0) text = `${plural(free, 'free picture')}, then ${plural(coins, 'coin')} · balance ${cost.balance}`;
  else text = `${plural(coins, 'coin')} (${cost.costPerImage} per picture) · balance ${cost.balance}`;
  return { free, coins, affordable, text };
}
