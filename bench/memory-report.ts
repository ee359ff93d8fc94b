// bench:memory's tables (bench/memory.ts): each measured value beside its target, and a plain "met / missed by" line.
import type { Drain, Throughput } from './memory-index.ts';
import type { Quality } from './memory-quality.ts';
import type { RecallResult } from './memory-recall.ts';

export const RECALL_TARGET_MS = 30;

export interface DbReport {
  db: string;
  recall: RecallResult;
  throughput: { name: string; t?: Throughput; skipped?: string }[];
  drains: { name: string; d?: Drain; skipped?: string }[];
}

/** A Markdown table: the first `left` columns left-aligned, the rest right-aligned. */
function table(header: string[], rows: string[][], left: number) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    '| ' + cells.map((c, i) => (i < left ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ') + ' |';
  console.log(line(header));
  console.log('|' + widths.map((w, i) => (i < left ? '-'.repeat(w + 2) : '-'.repeat(w + 1) + ':')).join('|') + '|');
  for (const r of rows) console.log(line(r));
}

const f = (n: number | undefined, digits = 1) => (n === undefined || Number.isNaN(n) ? 'n/a' : n.toFixed(digits));

function recallTable(reports: DbReport[]) {
  console.log('\n1. Recall latency, one reply (milliseconds; app = RecallService in this process, raw = the same SQL via node-postgres)\n');
  table(
    [
      'database',
      'p50',
      `p95 (≤ ${RECALL_TARGET_MS})`,
      'p99',
      'raw p50',
      'raw p95',
      'raw p99',
      'raw words p95',
      'raw vectors p95',
      'passages',
      'by meaning',
      'vectors ranked',
    ],
    reports.map(({ db, recall: r }) => [
      db,
      f(r.app.p50),
      `${f(r.app.p95)} ${r.app.p95 <= RECALL_TARGET_MS ? 'met' : 'MISSED'}`,
      f(r.app.p99),
      f(r.raw?.all.p50),
      f(r.raw?.all.p95),
      f(r.raw?.all.p99),
      f(r.raw?.words.p95),
      f(r.raw?.vectors.p95),
      f(r.passages),
      `${Math.round(r.meaningShare * 100)} %`,
      r.vectorsRead.toLocaleString('en'),
    ]),
    1,
  );
  console.log(
    '\n(raw words / vectors: that statement alone, n/a on PGlite; passages: per recall, at most 6; by meaning: the share of passages found by meaning or both ways)',
  );
  for (const { db, recall: r } of reports) {
    const verdict =
      r.app.p95 <= RECALL_TARGET_MS
        ? `target met (p95 ${f(r.app.p95)} ms ≤ ${RECALL_TARGET_MS} ms)`
        : `target missed by ${f(r.app.p95 - RECALL_TARGET_MS)} ms (p95 ${f(r.app.p95)} ms > ${RECALL_TARGET_MS} ms)`;
    const sqlShare = r.raw
      ? `; the SQL alone takes p95 ${f(r.raw.all.p95)} ms (words ${f(r.raw.words.p95)} ms, vectors ${f(r.raw.vectors.p95)} ms, each alone)`
      : '';
    console.log(`${db}: ${verdict}${sqlShare}`);
  }
}

function throughputTable(reports: DbReport[]) {
  console.log('\n2a. Indexing throughput: messages embedded and written per second by MemoryIndexer (one conversation)\n');
  table(
    ['database', 'embedder', 'messages', 'seconds', 'messages/s'],
    reports.flatMap(({ db, throughput }) =>
      throughput.map(({ name, t, skipped }) =>
        t ? [db, name, t.messages.toLocaleString('en'), f(t.seconds, 2), f(t.perSecond, 0)] : [db, name, '-', '-', `skipped: ${skipped}`],
      ),
    ),
    2,
  );
}

function drainTable(reports: DbReport[]) {
  const first = reports.flatMap((r) => r.drains).find((d) => d.d)?.d;
  const seconds = first?.seconds ?? 0;
  const step = Math.max(1, Math.ceil(seconds / 6));
  const at = Array.from({ length: Math.floor(seconds / step) }, (_, i) => (i + 1) * step);
  console.log(
    `\n2b. The memory-index queue while ${first?.users ?? '?'} users each save a message every second for ${seconds} s ` +
      `(depth = jobs waiting or running; target: it drains)\n`,
  );
  table(
    ['database', 'embedder', 'added', ...at.map((s) => `depth ${s} s`), 'max depth', 'drained after last message', 'embedded', 'failed'],
    reports.flatMap(({ db, drains }) =>
      drains.map(({ name, d, skipped }) =>
        d
          ? [
              db,
              name,
              String(d.added),
              ...at.map((s) => String(d.depth[s - 1] ?? '-')),
              String(d.maxDepth),
              d.drainMs === undefined ? 'NOT within 120 s' : `${f(d.drainMs, 0)} ms`,
              String(d.embedded),
              String(d.failed),
            ]
          : [db, name, '-', ...at.map(() => '-'), '-', `skipped: ${skipped}`, '-', '-'],
      ),
    ),
    2,
  );
  for (const { db, drains } of reports)
    for (const { name, d } of drains)
      if (d) {
        console.log(`${db}, ${name}: depth each second ${d.depth.join(' ')}`);
        console.log(
          `${db}, ${name}: ${d.drainMs === undefined ? 'target missed: the queue did not drain within 120 s' : `target met: drained ${f(d.drainMs, 0)} ms after the last message`}`,
        );
      }
}

function qualityTable(quality: Quality[], realNotes: string[]) {
  if (quality.length === 0) return;
  console.log(`\n3. Recall quality: ${quality[0]!.questions} facts said once, asked about later in other words (recall@5)\n`);
  const pct = (x: number | undefined) => (x === undefined ? '-' : `${(x * 100).toFixed(1)} %`);
  const rows = quality.map((q) => [
    q.embedder,
    `${Math.round(q.recallAt5 * 100)} %`,
    `${q.hits}/${q.questions}`,
    f(q.indexSeconds, 1),
    pct(q.shortlist?.at512),
    pct(q.shortlist?.at256),
    pct(q.shortlist?.hnsw),
  ]);
  table(['recall by', 'recall@5', 'facts found', 'index s', 'exact top 5 in shortlist 512', 'in 256', "in pgvector's 20"], rows, 1);
  for (const note of realNotes) console.log(`(${note})`);
}

export function printReport(o: { reports: DbReport[]; quality: Quality[]; realNotes: string[]; header: string }) {
  console.log(`\n${o.header}`);
  recallTable(o.reports);
  throughputTable(o.reports);
  drainTable(o.reports);
  qualityTable(o.quality, o.realNotes);
  console.log('');
}
