// JavaScript budget of the first load of `/` (age gate and shell): ≤ 150 KB brotli, summed over the entry
// chunk and its static imports. Reuses a fresh apps/web/dist or builds it (same check as `npm start`).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureWebBuild, repoRoot, runWebBuild } from '../scripts/build-web.mjs';
import { BUDGET_BYTES, formatReport, measureInitialJs } from '../scripts/js-budget.mjs';

describe('JavaScript budget', () => {
  beforeAll(async () => {
    expect(await ensureWebBuild({ log: () => {} })).toBe(true);
    // A build made before the chunk statistics existed: build once more to get them.
    if (!existsSync(path.join(repoRoot, 'apps/web/dist/.vite/chunks.json'))) expect(await runWebBuild()).toBe(0);
  }, 180_000);

  it('first load of / stays within 150 KB of compressed JavaScript; routes load on demand', () => {
    const report = measureInitialJs();
    console.log(formatReport(report));
    expect(report.lazyChunks).toBeGreaterThan(10);
    // A development build of React (NODE_ENV not production at build time) would blow the budget by itself.
    expect(report.topModules.map((m) => m.id).filter((id) => /\.development\.js$/.test(id))).toEqual([]);
    expect(report.totalBrotli, `first load is ${(report.totalBrotli / 1024).toFixed(1)} KB`).toBeLessThanOrEqual(BUDGET_BYTES);
  });
});
