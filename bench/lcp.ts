// `npm run bench:lcp`: Largest Contentful Paint of `/` in Chromium, the app beside its ceiling, in one run. Starts the
// real server (production build, embedded PostgreSQL), records every same-origin answer a first and a returning visit
// fetch, and serves exactly those bytes from a bare node:http server (bench/raw-server.mjs). Each scenario is loaded
// BENCH_LCP_RUNS times (fresh context: no cache, no storage) against both; the table prints the median and the best.
// The page budget is LCP ≤ 1.0 s on localhost; a benchmark, not a test, because on a busy machine paint times measure
// the scheduler (the load average is printed with the table).
//
// Environment: BENCH_LCP_RUNS (default 5), CHROMIUM_PATH (default /usr/bin/chromium).
import { spawnSync, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { ageGatePassed } from '../e2e/age-gate.ts';
import { repoRoot, startServer } from '../e2e/server-process.ts';
import { capture, startReplay, type RecordedAnswer } from './replay.ts';

const RUNS = Number(process.env.BENCH_LCP_RUNS ?? 5);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const BUDGET_MS = 1_000;
const DESKTOP = { width: 1280, height: 800 };
const MOBILE = { width: 390, height: 844 };

interface Scenario {
  name: string;
  viewport: { width: number; height: number };
  returning: boolean;
}
const SCENARIOS: Scenario[] = [
  { name: 'first visit (age gate), desktop', viewport: DESKTOP, returning: false },
  { name: 'first visit (age gate), mobile', viewport: MOBILE, returning: false },
  { name: 'returning visit (shell), desktop', viewport: DESKTOP, returning: true },
];

interface Paint {
  lcpMs: number;
  fcpMs: number;
}

async function fresh(browser: Browser, base: string, s: Scenario): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext({ viewport: s.viewport, baseURL: base });
  if (s.returning) await context.addInitScript(ageGatePassed);
  return { page: await context.newPage(), close: () => context.close() };
}

/** Loads `/` and reads LCP (buffered PerformanceObserver) and FCP once the page has settled. */
async function measure(page: Page): Promise<Paint> {
  await page.goto('/', { waitUntil: 'load' });
  await page.waitForTimeout(500); // LCP candidates are reported per paint
  return page.evaluate(
    () =>
      new Promise<Paint>((resolve) => {
        let last: PerformanceEntry | undefined;
        const po = new PerformanceObserver((list) => (last = list.getEntries().at(-1)));
        po.observe({ type: 'largest-contentful-paint', buffered: true });
        setTimeout(() => {
          po.disconnect();
          const fcp = performance.getEntriesByName('first-contentful-paint')[0];
          resolve({ lcpMs: last ? Math.round(last.startTime) : Number.NaN, fcpMs: fcp ? Math.round(fcp.startTime) : Number.NaN });
        }, 100);
      }),
  );
}

/** Every same-origin URL the scenarios fetch, recorded from one load of each. */
async function urlsOf(browser: Browser, base: string): Promise<Set<string>> {
  const urls = new Set<string>(['/']);
  for (const s of SCENARIOS) {
    const { page, close } = await fresh(browser, base, s);
    page.on('request', (r) => {
      const u = new URL(r.url());
      if (u.origin === base) urls.add(u.pathname + u.search);
    });
    await measure(page);
    await close();
  }
  return urls;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main() {
  if (spawnSync(process.execPath, [path.join(repoRoot, 'scripts/ensure-build.mjs')], { stdio: 'inherit' }).status !== 0) {
    throw new Error('The web build failed: `npm run build` shows why.');
  }
  const server = await startServer({ env: { LOG_LEVEL: 'warn' } });
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking'],
  });
  let ceiling: { url: string; child: ChildProcess } | undefined;
  try {
    const routes: Record<string, RecordedAnswer> = {};
    for (const url of await urlsOf(browser, server.url)) routes[url] = await capture(server.url, url);
    ceiling = await startReplay(routes);

    const rows: string[][] = [];
    for (const s of SCENARIOS) {
      const results: Record<'app' | 'raw', Paint[]> = { app: [], raw: [] };
      // Alternating app and ceiling, so a burst of load elsewhere hits both alike.
      for (let i = 0; i < RUNS; i++) {
        for (const [kind, base] of [
          ['app', server.url],
          ['raw', ceiling.url],
        ] as const) {
          const { page, close } = await fresh(browser, base, s);
          results[kind].push(await measure(page));
          await close();
        }
      }
      const app = results.app.map((p) => p.lcpMs);
      const raw = results.raw.map((p) => p.lcpMs);
      rows.push([
        s.name,
        `${median(app)} / ${Math.min(...app)}`,
        `${median(raw)} / ${Math.min(...raw)}`,
        `${median(results.app.map((p) => p.fcpMs))}`,
        (median(app) / median(raw)).toFixed(2),
        Math.min(...app) <= BUDGET_MS ? 'yes' : 'NO',
      ]);
    }
    const head = [
      'scenario',
      'app LCP ms (median / best)',
      'raw LCP ms (median / best)',
      'app FCP ms',
      'app/raw',
      `best ≤ ${BUDGET_MS} ms`,
    ];
    const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
    const line = (cells: string[]) =>
      cells
        .map((c, i) => c.padEnd(widths[i]!))
        .join(' | ')
        .trimEnd();
    console.log(`\nserver cold start (spawn → first healthy answer): ${Math.round(server.coldStartMs)} ms`);
    console.log(
      `LCP of / over ${RUNS} fresh loads each; load average ${os.loadavg()[0]!.toFixed(1)} on ${os.availableParallelism()} cores`,
    );
    console.log(line(head));
    console.log(widths.map((w) => '-'.repeat(w)).join('-|-'));
    for (const r of rows) console.log(line(r));
  } finally {
    ceiling?.child.kill();
    await browser.close();
    await server.stop();
  }
}

await main();
