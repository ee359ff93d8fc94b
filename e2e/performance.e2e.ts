// Performance journeys on the real server (production build, embedded PostgreSQL) and a real Chromium:
// Largest Contentful Paint of `/` for a first visit (age gate) and a returning visit (shell), and the
// JavaScript the first load actually transferred. Numbers are printed; LCP must stay ≤ 1.0 s on localhost.
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { DESKTOP, MOBILE } from './flows.ts';
import { describeE2E, newPage, passAgeGate, useHarness } from './harness.ts';

const LCP_BUDGET_MS = 1_000;

interface Paint {
  lcpMs: number;
  lcpElement: string;
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
        let last: (PerformanceEntry & { element?: Element | null }) | undefined;
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
          const el = last?.element;
          resolve({
            lcpMs: last ? Math.round(last.startTime) : Number.NaN,
            lcpElement: el
              ? `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''} "${(el.textContent ?? '').trim().slice(0, 40)}"`
              : '(none)',
            fcpMs: fcp ? Math.round(fcp.startTime) : Number.NaN,
            scripts: scripts.length,
            scriptBytes: scripts.reduce((n, r) => n + (r.transferSize || r.encodedBodySize), 0),
          });
        }, 100);
      }),
  );
}

function report(label: string, p: Paint) {
  console.log(
    `[perf] ${label}: LCP ${p.lcpMs} ms (${p.lcpElement}), FCP ${p.fcpMs} ms, ${p.scripts} scripts, ${(p.scriptBytes / 1024).toFixed(1)} KB transferred`,
  );
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
      const p = await newPage(h, viewport);
      const paint = await measure(p.page);
      await expect(p.page.getByRole('dialog').first().isVisible()).resolves.toBe(true);
      report(`first visit, ${name}`, paint);
      expect(paint.lcpMs).toBeLessThanOrEqual(LCP_BUDGET_MS);
      expect(p.problemList()).toEqual([]);
      await p.context.close();
    }
  });

  it('returning visit to / (age gate passed, shell): LCP ≤ 1.0 s on localhost', async () => {
    const p = await newPage(h, DESKTOP);
    await passAgeGate(p.page);
    const paint = await measure(p.page);
    await expect(p.page.getByTestId('header').isVisible()).resolves.toBe(true);
    report('returning visit, desktop', paint);
    expect(paint.lcpMs).toBeLessThanOrEqual(LCP_BUDGET_MS);
    expect(p.problemList()).toEqual([]);
    await p.context.close();
  });
});
