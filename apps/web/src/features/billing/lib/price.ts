// What one action costs, from what the server says (a session's `cost`, the images status's `cost`): free from the
// plan's allowance while some is left, else coins. Never from client constants: the numbers all come from the server.
import type { ChatCost, ImageGenerationStatus } from '@reverie/shared';

export interface Price {
  /** Coins the action takes now (0 while the allowance lasts). */
  coins: number;
  /** Free uses of the allowance left (today's messages, this month's pictures). */
  freeLeft: number;
  unit: 'message' | 'picture';
  balance: number;
}

/** A chat message, a regenerate, a continue or a group reply: one message of the day's allowance, else coins. */
export function messagePrice(cost: ChatCost | null | undefined): Price | null {
  if (!cost) return null;
  return { coins: cost.freeLeft > 0 ? 0 : cost.costPerMessage, freeLeft: cost.freeLeft, unit: 'message', balance: cost.balance };
}

/** One picture (the chat's "send me a picture"): this month's free pictures first, else coins. */
export function picturePrice(cost: ImageGenerationStatus['cost'] | null | undefined): Price | null {
  if (!cost) return null;
  return { coins: cost.freeLeft > 0 ? 0 : cost.costPerImage, freeLeft: cost.freeLeft, unit: 'picture', balance: cost.balance };
}

export const coinWord = (n: number) => `${n} ${n === 1 ? 'coin' : 'coins'}`;

/** "Free", "1 coin": the price as a tag says it. */
export function priceShort(p: Price): string {
  return p.coins === 0 ? 'Free' : coinWord(p.coins);
}

/** The price in a sentence for screen readers and titles: "free (12 messages left today)", "2 coins (balance 40)". */
export function priceLong(p: Price): string {
  if (p.coins > 0) return `${coinWord(p.coins)} (balance ${p.balance})`;
  const when = p.unit === 'message' ? 'today' : 'this month';
  return `free (${p.freeLeft} ${p.unit}${p.freeLeft === 1 ? '' : 's'} left ${when})`;
}
