import { describe, expect, it } from 'vitest';
import { quoteFor } from './cost';
import { heightRatio, masonryColumns } from './masonry';

describe('masonryColumns', () => {
  it('puts each picture in the shortest column, so adding pictures never moves the earlier ones', () => {
    const tall = { id: 'tall', r: 1.5 };
    const wide = { id: 'wide', r: 0.66 };
    const items = [tall, wide, wide, tall, wide];
    const first = masonryColumns(items.slice(0, 3), 2, (i) => i.r);
    const all = masonryColumns(items, 2, (i) => i.r);
    expect(first.map((c) => c.map((i) => i.id))).toEqual([['tall'], ['wide', 'wide']]);
    expect(all.map((c) => c.map((i) => i.id))).toEqual([
      ['tall', 'wide'],
      ['wide', 'wide', 'tall'],
    ]);
    expect(all[0]!.slice(0, first[0]!.length)).toEqual(first[0]);
  });

  it('reads the ratio from the thumbnail size, else the full size', () => {
    expect(heightRatio({ width: 512, height: 768, thumbWidth: 256, thumbHeight: 384 })).toBe(1.5);
    expect(heightRatio({ width: 768, height: 512, thumbWidth: 0, thumbHeight: 0 })).toBeCloseTo(0.667, 2);
  });
});

describe('quoteFor', () => {
  it('counts the free pictures first, then coins, and says whether the balance covers them', () => {
    expect(quoteFor({ freeLeft: 3, costPerImage: 5, balance: 0 }, 2)).toMatchObject({ free: 2, coins: 0, affordable: true });
    expect(quoteFor({ freeLeft: 1, costPerImage: 5, balance: 7 }, 3)).toEqual({
      free: 1,
      coins: 10,
      affordable: false,
      text: '1 free picture, then 10 coins · balance 7',
    });
    expect(quoteFor({ freeLeft: 0, costPerImage: 5, balance: 20 }, 1)!.text).toBe('5 coins (5 per picture) · balance 20');
    expect(quoteFor(null, 1)).toBeNull();
  });
});
