// Masonry without reflow: each picture goes to the column that is shortest so far (heights from the known aspect
// ratios), so pictures already on screen keep their place when the next page arrives.
import { useSyncExternalStore } from 'react';

export function masonryColumns<T>(items: readonly T[], columns: number, ratioOf: (item: T) => number): T[][] {
  const out: T[][] = Array.from({ length: Math.max(1, columns) }, () => []);
  const heights = out.map(() => 0);
  for (const item of items) {
    let shortest = 0;
    for (let c = 1; c < heights.length; c++) if (heights[c]! < heights[shortest]! - 1e-6) shortest = c;
    out[shortest]!.push(item);
    heights[shortest]! += ratioOf(item);
  }
  return out;
}

/** Height over width of a picture, from its thumbnail size (or its full size), 1 when unknown. */
export function heightRatio(image: { width: number; height: number; thumbWidth: number; thumbHeight: number }): number {
  if (image.thumbWidth > 0 && image.thumbHeight > 0) return image.thumbHeight / image.thumbWidth;
  return image.width > 0 ? image.height / image.width : 1;
}

const QUERIES: Array<[string, number]> = [
  ['(min-width: 1280px)', 5],
  ['(min-width: 1024px)', 4],
  ['(min-width: 640px)', 3],
];

function columnsNow(): number {
  if (typeof window === 'undefined' || !window.matchMedia) return 2;
  return QUERIES.find(([q]) => window.matchMedia(q).matches)?.[1] ?? 2;
}

function subscribe(listener: () => void): () => void {
  window.addEventListener('resize', listener);
  return () => window.removeEventListener('resize', listener);
}

/** 2 columns on phones, 3 from 640 px, 4 from 1024 px, 5 from 1280 px. */
export function useColumnCount(): number {
  return useSyncExternalStore(subscribe, columnsNow, () => 2);
}
