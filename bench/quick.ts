// `npm run bench:quick`: the headline rows of issue 45 in a few minutes, so a change can check it did not cost them.
// It runs the two benchmarks that measure them, each in its own process and on the embedded PostgreSQL, with fewer
// requests than their full runs: `bench/chat.ts` (CPU per message and time-to-first-token overhead, the model
// answering at once; then slow streams held) and `bench/run.ts` (`GET /api/auth/me` and the static route beside
// their raw twins). Each writes its figures to a JSON file (BENCH_JSON); this prints one table from them.
// The streams row holds 1,000 streams at 1 token/s (a tenth of the target's 10,000, which takes minutes to open on
// this machine: `npm run bench:chat` with the recipe in its header, docs/performance.md).
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from '../e2e/server-process.ts';

interface TtftFigures {
  model: string;
  overheadP50: number;
  overheadP99: number;
  cpuMsPerMessage: number;
  errors: number;
}
interface StreamsFigures {
  who: string;
  streams: number;
  completed: number;
  eldP99: number;
  heapKbPerStream: number;
  rssKbPerStream: number;
}
interface HttpRow {
  endpoint: string;
  ratio: number;
  appCpuUs: number;
  rawCpuUs: number;
}

function runBench(script: string, env: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'bench', script)], {
      cwd: repoRoot,
      env: { ...process.env, BENCH_DB: 'embedded', ...env },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`bench/${script} exited with ${code}`))));
  });
}

const dir = await mkdtemp(path.join(os.tmpdir(), 'reverie-bench-quick-'));
const started = Date.now();
const loadStart = os.loadavg()[0]!.toFixed(1);
try {
  console.log(`bench:quick on ${os.cpus().length} CPUs, load average ${loadStart} at the start; chat first, then HTTP…`);
  const chatFile = path.join(dir, 'chat.json');
  const httpFile = path.join(dir, 'http.json');
  // 1,000 slow streams held (each at 1 token/s on its own clock, 20 per user): the streams row on a tenth of its scale.
  const streams = { BENCH_STREAMS: '1000', BENCH_TOKENS_PER_SECOND: '1', BENCH_IN_FLIGHT: '20', BENCH_OPEN_PER_SECOND: '100' };
  const streamsEnv = { ...streams, BENCH_STREAM_SECONDS: '25', BENCH_TOKEN_CLOCK: 'own' };
  await runBench('chat.ts', { BENCH_TTFT_REQUESTS: '80', ...streamsEnv, BENCH_JSON: chatFile });
  await runBench('run.ts', { BENCH_DURATION: '3', BENCH_ENDPOINTS: 'config,me', BENCH_JSON: httpFile });
  const chat = JSON.parse(await readFile(chatFile, 'utf8')) as Array<{ ttft: TtftFigures[]; streams: StreamsFigures[] }>;
  const http = JSON.parse(await readFile(httpFile, 'utf8')) as Array<{ rows: HttpRow[] }>;
  const instant = chat[0]!.ttft[0]!;
  const held = chat[0]!.streams.find((s) => s.who === 'through the app')!;
  const row = (endpoint: string) => http[0]!.rows.find((r) => r.endpoint.includes(endpoint))!;
  const me = row('/api/auth/me');
  const config = row('/api/auth/config');
  const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');
  const lines = [
    '| row | measured | target | |',
    '|---|---:|---:|---|',
    `| server CPU per chat message | ${instant.cpuMsPerMessage.toFixed(2)} ms | ≤ 3.5 ms | ${verdict(instant.cpuMsPerMessage <= 3.5)} |`,
    `| time-to-first-token overhead p50 / p99 (model at once) | ${instant.overheadP50.toFixed(2)} / ${instant.overheadP99.toFixed(2)} ms | ≤ 2 / ≤ 8 ms | ${verdict(instant.overheadP50 <= 2 && instant.overheadP99 <= 8)} |`,
    `| GET /api/auth/me vs raw (CPU µs app / raw) | ${me.ratio.toFixed(2)}× (${me.appCpuUs.toFixed(0)} / ${me.rawCpuUs.toFixed(0)}) | ≥ 0.5× | ${verdict(me.ratio >= 0.5)} |`,
    `| static JSON route vs raw (CPU µs app / raw) | ${config.ratio.toFixed(2)}× (${config.appCpuUs.toFixed(0)} / ${config.rawCpuUs.toFixed(0)}) | ≥ 0.8× | ${verdict(config.ratio >= 0.8)} |`,
    `| streams held by one process at 1 token/s (${held.streams.toLocaleString('en')} here; event-loop p99, heap / resident per stream) | ${held.completed} completed; ${held.eldP99} ms; ${held.heapKbPerStream.toFixed(1)} / ${held.rssKbPerStream.toFixed(1)} KB | ≥ 10,000; ≤ 30 ms; ≤ 20 KB | ${verdict(held.completed === held.streams && held.eldP99 <= 30 && held.heapKbPerStream <= 20)} at this scale |`,
  ];
  console.log(`\n${lines.join('\n')}\n`);
  console.log(
    `${((Date.now() - started) / 1000).toFixed(0)} s; load average ${loadStart} at the start, ${os.loadavg()[0]!.toFixed(1)} at the end ` +
      '(ratios compare with a raw twin in the same run; on a busy machine read the CPU columns).',
  );
} finally {
  await rm(dir, { recursive: true, force: true });
}
