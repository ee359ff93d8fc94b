#!/usr/bin/env node
// JavaScript budget of the first load of `/`: the entry chunk and everything it imports statically (what the
// browser must download before the age gate and shell render), each compressed with brotli as the server
// would send it. Reads apps/web/dist/.vite/chunks.json (written by the build, see apps/web/vite.config.ts).
// CLI: `node scripts/js-budget.mjs` prints the report and exits 1 above the budget.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants } from 'node:zlib';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const BUDGET_BYTES = 150 * 1024;

const brotli = (buf) => brotliCompressSync(buf, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;

/** @returns {{ totalBrotli: number, totalRaw: number, chunks: {file: string, raw: number, brotli: number}[], topModules: {id: string, raw: number}[], lazyChunks: number }} */
export function measureInitialJs(dist = path.join(repoRoot, 'apps/web/dist')) {
  const stats = JSON.parse(readFileSync(path.join(dist, '.vite/chunks.json'), 'utf8'));
  const byName = new Map(stats.map((c) => [c.fileName, c]));
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const entries = [...html.matchAll(/<script[^>]+type="module"[^>]+src="\/([^"]+)"/g)].map((m) => m[1]);
  if (entries.length === 0) throw new Error('no <script type="module"> in index.html');
  const initial = new Set();
  const visit = (file) => {
    if (initial.has(file)) return;
    initial.add(file);
    for (const dep of byName.get(file)?.imports ?? []) visit(dep);
  };
  entries.forEach(visit);
  const chunks = [...initial].map((file) => {
    const buf = readFileSync(path.join(dist, file));
    return { file, raw: buf.length, brotli: brotli(buf) };
  });
  const modules = [];
  for (const file of initial) {
    for (const [id, raw] of Object.entries(byName.get(file)?.modules ?? {}))
      modules.push({ id: path.relative(repoRoot, id.replace(/^\0/, '')), raw });
  }
  modules.sort((a, b) => b.raw - a.raw);
  return {
    totalBrotli: chunks.reduce((n, c) => n + c.brotli, 0),
    totalRaw: chunks.reduce((n, c) => n + c.raw, 0),
    chunks: chunks.sort((a, b) => b.brotli - a.brotli),
    topModules: modules.slice(0, 15),
    lazyChunks: stats.length - initial.size,
  };
}

export function formatReport(r) {
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  const lines = [
    `First load of / : ${kb(r.totalBrotli)} JavaScript (brotli), ${kb(r.totalRaw)} decoded, budget ${kb(BUDGET_BYTES)}; ${r.lazyChunks} chunks load on demand`,
    ...r.chunks.map((c) => `  ${c.file.padEnd(44)} ${kb(c.brotli).padStart(9)} br  ${kb(c.raw).padStart(9)} raw`),
    'Largest modules in those chunks (rendered, before compression):',
    ...r.topModules.map((m) => `  ${kb(m.raw).padStart(9)}  ${m.id}`),
  ];
  return lines.join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const r = measureInitialJs();
  console.log(formatReport(r));
  process.exit(r.totalBrotli > BUDGET_BYTES ? 1 : 0);
}
