// The chat bench's second part (bench/chat.ts): many replies streaming at once, straight from the model server and
// through the app, and their table. Settings: BENCH_STREAMS, BENCH_STREAM_SECONDS, BENCH_OPEN_PER_SECOND,
// BENCH_TOKENS_PER_SECOND, BENCH_IN_FLIGHT, BENCH_TOKEN_CLOCK (see bench/chat.ts).
import { heapSnapshot, percentile, probe, sortNum, type ProbeStats, type StreamResult } from './chat-client.ts';

export const STREAMS = Number(process.env.BENCH_STREAMS ?? 1000);
export const STREAM_SECONDS = Number(process.env.BENCH_STREAM_SECONDS ?? 20);
/** Streams opened a second until all are open (people arrive over seconds, not in the same millisecond). */
export const OPEN_PER_SECOND = Number(process.env.BENCH_OPEN_PER_SECOND ?? 250);
export const TOKENS_PER_SECOND = Number(process.env.BENCH_TOKENS_PER_SECOND ?? 30);
/** Replies one user may have written at once (CHAT_IN_FLIGHT_PER_USER, at most 20): fewer users for many streams. */
export const IN_FLIGHT = Number(process.env.BENCH_IN_FLIGHT ?? 2);
/** BENCH_TOKEN_CLOCK=own: each stream's tokens keep its own time (bench/llm-peer.mjs), not one shared batch clock. */
export const OWN_CLOCK = process.env.BENCH_TOKEN_CLOCK === 'own';

export interface StreamsRow {
  who: string;
  /** Seconds until every stream had its first token. */
  openSeconds: number;
  /** Each stream's time to its first token (ms), with all of them asking at once. */
  firsts: number[];
  completed: number;
  tokens: number[];
  rates: number[];
  events: number[];
  eld: ProbeStats;
  cpuPct: number;
  /** Heap and resident bytes per stream held (see the header). */
  heapPerStream: number;
  rssPerStream: number;
}

/**
 * Opens `STREAMS` streams (OPEN_PER_SECOND a second) and measures, in the serving process, the event-loop delay while
 * it holds them all: from the moment every stream has had its first token until shortly before the first would end.
 * CPU is counted over the whole run.
 */
export async function streamsRun(
  who: string,
  probePort: number,
  open: (i: number, onFirst: () => void) => Promise<StreamResult | null>,
): Promise<StreamsRow> {
  const before = await probe(probePort, 'gc');
  await heapSnapshot(probePort, `${who}, before the first stream`);
  const started = performance.now();
  const cpu0 = (await probe(probePort, 'reset')).cpuMicros;
  let opened = 0;
  const all: Promise<StreamResult | null>[] = [];
  for (let i = 0; i < STREAMS; i++) {
    const due = started + (i * 1000) / OPEN_PER_SECOND;
    if (due > performance.now()) await new Promise((r) => setTimeout(r, due - performance.now()));
    all.push(open(i, () => opened++).catch(() => null));
  }
  while (opened < STREAMS && performance.now() - started < STREAM_SECONDS * 600) await new Promise((r) => setTimeout(r, 50));
  const openSeconds = (performance.now() - started) / 1000;
  await probe(probePort, 'reset');
  await new Promise((r) => setTimeout(r, Math.max(1000, (STREAM_SECONDS - openSeconds - 1.5) * 1000)));
  const eld = await probe(probePort, 'stats');
  const held = await probe(probePort, 'gc');
  await heapSnapshot(probePort, `${who}, while holding the streams`);
  const results = await Promise.all(all);
  const seconds = (performance.now() - started) / 1000;
  const cpu1 = (await probe(probePort, 'stats')).cpuMicros;
  const done = results.filter((r): r is StreamResult => r !== null && r.status === 200 && r.ended);
  const failed = new Map<string, number>();
  for (const r of results) {
    if (r && r.status === 200 && r.ended) continue;
    const why = r === null ? 'connection failed' : r.status === 200 ? 'cut short' : `status ${r.status}`;
    failed.set(why, (failed.get(why) ?? 0) + 1);
  }
  if (failed.size > 0) console.log(`  ${who}: not completed: ${[...failed].map(([why, n]) => `${n} ${why}`).join(', ')}`);
  const firsts = sortNum(done.map((r) => r.firstMs));
  console.log(
    `  ${who}: ${done.length}/${STREAMS} streams completed (first token p50 ${percentile(firsts, 50).toFixed(0)} ms, last ${(firsts.at(-1) ?? 0).toFixed(0)} ms); event-loop p99 ${eld.p99} ms`,
  );
  return {
    who,
    openSeconds,
    firsts,
    completed: done.length,
    tokens: sortNum(done.map((r) => r.tokens)),
    // Tokens a second each client received, from its first token to the end.
    rates: sortNum(done.map((r) => (r.tokens - 1) / Math.max(0.001, (r.totalMs - r.firstMs) / 1000))),
    events: sortNum(done.map((r) => r.events)),
    eld,
    cpuPct: ((cpu1 - cpu0) / 1000 / (seconds * 1000)) * 100,
    heapPerStream: (held.heapUsed - before.heapUsed) / STREAMS,
    rssPerStream: (held.rss - before.rss) / STREAMS,
  };
}

const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');

/** The streams table: one row per serving process (the model server alone, then the app) and database. */
export function printStreamsTable(results: { label: string; streams: StreamsRow[] }[]): void {
  const perStream = TOKENS_PER_SECOND * STREAM_SECONDS;
  console.log(
    `\nConcurrent streams: ${STREAMS} at once (opened ${OPEN_PER_SECOND} a second), ${perStream} tokens each at ${TOKENS_PER_SECOND} tokens/s; target: all ${STREAMS} complete with ` +
      'event-loop delay p99 ≤ 30 ms. Event loop = the process serving the streams (the model server alone, or the app), ' +
      'measured while it holds them all (from the last first token until shortly before the first stream ends).\n',
  );
  console.log(
    `| database | serving | completed | first token p50 / last s | tokens received min / median (of ${perStream}) | tokens/s per client p5 / median | token events per stream (median) | event loop p50 / p99 / max ms | CPU % of one core | KB per stream: heap, resident |`,
  );
  console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of results) {
    for (const s of r.streams) {
      const app = s.who === 'through the app';
      const ok = s.completed === STREAMS && s.eld.p99 <= 30;
      console.log(
        `| ${r.label} | ${s.who} | ${s.completed}${app ? ` ${verdict(ok)}` : ''} | ${(percentile(s.firsts, 50) / 1000).toFixed(1)} / ${((s.firsts.at(-1) ?? 0) / 1000).toFixed(1)} | ${s.tokens[0] ?? 0} / ${percentile(s.tokens, 50)} | ${percentile(s.rates, 5).toFixed(1)} / ${percentile(s.rates, 50).toFixed(1)} | ${percentile(s.events, 50)} | ${s.eld.p50} / ${s.eld.p99} / ${s.eld.max} | ${s.cpuPct.toFixed(0)} | ${(s.heapPerStream / 1024).toFixed(1)}, ${(s.rssPerStream / 1024).toFixed(1)} |`,
      );
    }
  }
}

/** A streams row as figures (BENCH_JSON, read by bench/quick.ts). */
export const streamsSummary = (s: StreamsRow) => ({
  who: s.who,
  streams: STREAMS,
  completed: s.completed,
  eldP99: s.eld.p99,
  heapKbPerStream: s.heapPerStream / 1024,
  rssKbPerStream: s.rssPerStream / 1024,
});
