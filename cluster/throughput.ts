// The throughput line: one process against two, for a cached read and the feed, measured in the same run through
// the same nginx (a site with process A alone, and one with both).
import autocannon from 'autocannon';
import type { Target } from './client.ts';
import type { Cluster } from './cluster.ts';

const SECONDS = Number(process.env.CLUSTER_BENCH_SECONDS ?? 3);
const CONNECTIONS = Number(process.env.CLUSTER_BENCH_CONNECTIONS ?? 16);

async function rps(target: Target, path: string): Promise<{ rps: number; errors: number }> {
  const r = await autocannon({ url: `http://127.0.0.1:${target.port}${path}`, connections: CONNECTIONS, duration: SECONDS });
  return { rps: r.requests.average, errors: r.errors + r.timeouts + r.non2xx };
}

export async function throughputLine(c: Cluster): Promise<string> {
  const reads = [
    { name: 'cached read GET /api/tags', path: '/api/tags?limit=0' },
    { name: 'feed GET /api/characters?sort=new', path: '/api/characters?sort=new' },
  ];
  const parts: string[] = [];
  for (const read of reads) {
    await rps(c.proxy, read.path); // warm-up: caches, prepared statements and keep-alive connections on both processes
    const one = await rps(c.single, read.path);
    const two = await rps(c.proxy, read.path);
    const errors = one.errors + two.errors;
    parts.push(
      `${read.name}: one process ${Math.round(one.rps)} req/s, two ${Math.round(two.rps)} req/s (${(two.rps / one.rps).toFixed(2)}×)` +
        (errors ? `, ${errors} errors` : ''),
    );
  }
  return `throughput through nginx (${SECONDS} s each, ${CONNECTIONS} connections, same run): ${parts.join('; ')}`;
}
