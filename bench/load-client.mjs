// A closed-loop HTTP load client in its own process (so its work never shares an event loop or a core's time
// slice accounting with the server under test). Forked by bench/catalogue.ts; receives
// { base, paths, requests, concurrency, headers } over IPC, sends each request over keep-alive connections,
// and answers { rps, p50, p95, p99, errors, total } with exact percentiles over every request's latency (ms).
// Each request carries its own X-Forwarded-For (the server trusts the proxy in the bench), as real traffic from
// many people would, so per-IP limits do not turn the bench into a rate-limit test.
import http from 'node:http';

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
}

let ip = 0;
function once(agent, url, headers) {
  return new Promise((resolve) => {
    ip++;
    const req = http.get(
      url,
      { agent, headers: { ...headers, 'x-forwarded-for': `10.${(ip >> 16) & 255}.${(ip >> 8) & 255}.${ip & 255}` } },
      (res) => {
        res.on('data', () => {});
        res.on('end', () => resolve(res.statusCode === 200));
        res.on('error', () => resolve(false));
      },
    );
    req.on('error', () => resolve(false));
  });
}

process.on('message', async ({ base, paths, requests, concurrency, headers }) => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const latencies = [];
  let errors = 0;
  let next = 0;
  const worker = async () => {
    while (next < requests) {
      const i = next++;
      const t0 = performance.now();
      const ok = await once(agent, base + paths[i % paths.length], headers);
      latencies.push(performance.now() - t0);
      if (!ok) errors++;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const secs = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  process.send({
    rps: requests / secs,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    errors,
    total: requests,
  });
});
process.on('disconnect', () => process.exit(0));
