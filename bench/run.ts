// `npm run bench`: starts the real server (fresh temp DATA_DIR, PGlite on disk) on a free loopback port,
// measures a bounded number of requests per endpoint with fetch, prints a table to stdout, and stops.
// Builds apps/web/dist first when it is missing or stale (same step as `npm start`), for the GET / row.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { repoRoot, startServer } from '../e2e/server-process.ts';
import { ensureWebBuild } from '../scripts/build-web.mjs';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 20);
const WARMUP = 100;

interface Row {
  endpoint: string;
  requests: number | string;
  concurrency: number | string;
  rps: string;
  p50: string;
  p95: string;
  p99: string;
  errors: number | string;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i] ?? Number.NaN;
}

async function measure(url: string, requests: number, concurrency: number, expectStatus: number) {
  const latencies: number[] = [];
  let errors = 0;
  let next = 0;
  const worker = async () => {
    while (next < requests) {
      next++;
      const t0 = performance.now();
      try {
        const res = await fetch(url);
        await res.arrayBuffer();
        if (res.status !== expectStatus) errors++;
      } catch {
        errors++;
      }
      latencies.push(performance.now() - t0);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: Math.min(concurrency, requests) }, worker));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    rps: requests / elapsed,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    errors,
  };
}

function printTable(rows: Row[]) {
  const headers: Row = {
    endpoint: 'endpoint',
    requests: 'requests',
    concurrency: 'concurrency',
    rps: 'req/s',
    p50: 'p50 ms',
    p95: 'p95 ms',
    p99: 'p99 ms',
    errors: 'errors',
  };
  const keys = Object.keys(headers) as (keyof Row)[];
  const widths = keys.map((k) => Math.max(...[headers, ...rows].map((r) => String(r[k]).length)));
  const line = (r: Row) => keys.map((k, i) => (i === 0 ? String(r[k]).padEnd(widths[i]!) : String(r[k]).padStart(widths[i]!))).join('  ');
  console.log(line(headers));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of rows) console.log(line(r));
}

if (!(await ensureWebBuild())) console.log('The web build failed: GET / will be skipped.');
const hasSpa = existsSync(path.join(repoRoot, 'apps/web/dist/index.html'));
console.log(`Starting the server (PGlite on disk, LOG_LEVEL=warn)…`);
const server = await startServer();
let exitCode = 0;
try {
  const ms = (n: number) => n.toFixed(2);
  const rows: Row[] = [
    {
      endpoint: 'cold start (spawn → first healthy)',
      requests: 1,
      concurrency: 1,
      rps: '-',
      p50: ms(server.coldStartMs),
      p95: '-',
      p99: '-',
      errors: 0,
    },
  ];
  const targets: { endpoint: string; path: string }[] = [{ endpoint: 'GET /api/health', path: '/api/health' }];
  if (hasSpa) targets.push({ endpoint: 'GET / (SPA index)', path: '/' });
  else console.log('apps/web/dist/index.html is missing: skipping GET / (run `npm run build` first)');

  for (const t of targets) {
    const url = server.url + t.path;
    await measure(url, WARMUP, CONCURRENCY, 200);
    const r = await measure(url, REQUESTS, CONCURRENCY, 200);
    rows.push({
      endpoint: t.endpoint,
      requests: REQUESTS,
      concurrency: CONCURRENCY,
      rps: r.rps.toFixed(0),
      p50: ms(r.p50),
      p95: ms(r.p95),
      p99: ms(r.p99),
      errors: r.errors,
    });
    if (r.errors > 0) exitCode = 1;
  }
  console.log(`\nReverie bench — ${server.url}, ${REQUESTS} requests per endpoint after ${WARMUP} warm-up, node ${process.version}\n`);
  printTable(rows);
} catch (err) {
  console.error(err);
  exitCode = 1;
} finally {
  await server.stop();
}
process.exit(exitCode);
