import { describe, expect, it } from 'vitest';
import { DEFAULT_CATALOG } from './catalog.ts';
import { toPacks } from './payments.mapper.ts';

const pack = (id: string, coins: number, bonusCoins: number, priceCents: number) => ({ id, name: id, coins, bonusCoins, priceCents });

describe('toPacks: "Best value"', () => {
  it('goes to the pack with the most coins per unit of money, wherever it is in the list', () => {
    const packs = toPacks({ ...DEFAULT_CATALOG, packs: [pack('a', 100, 0, 100), pack('b', 1000, 500, 1000), pack('c', 5000, 0, 5000)] });
    expect(packs.map((p) => [p.id, p.highlighted])).toEqual([
      ['a', false],
      ['b', true],
      ['c', false],
    ]);
  });

  it('counts bonus coins and marks only the first of equals', () => {
    const packs = toPacks({ ...DEFAULT_CATALOG, packs: [pack('a', 200, 0, 100), pack('b', 100, 100, 100)] });
    expect(packs.filter((p) => p.highlighted).map((p) => p.id)).toEqual(['a']);
  });
});
