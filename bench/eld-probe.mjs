// Preloaded into the server process by `npm run bench` (NODE_OPTIONS=--import …/eld-probe.mjs): measures the
// SERVER's event-loop delay with monitorEventLoopDelay and answers on its own loopback port
// (BENCH_PROBE_PORT): GET /reset starts a window, GET /stats returns {p50, p99, max} in ms since the reset;
// both also return the process's CPU time so far (cpuMicros), for CPU time per request, and its memory (heapUsed,
// rss, in bytes); GET /gc does a full garbage collection first, so two of them measure what stays alive in between.
// Not part of the app; the server code is unchanged.
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import v8 from 'node:v8';
import vm from 'node:vm';

const port = Number(process.env.BENCH_PROBE_PORT);
// Only this process answers: node processes it spawns (the embedded PostgreSQL supervisor) inherit NODE_OPTIONS and
// would load this file too, and their own listen on the same port left the server waiting before it listened.
delete process.env.BENCH_PROBE_PORT;
if (port) {
  const h = monitorEventLoopDelay({ resolution: 10 });
  h.enable();
  const ms = (ns) => Math.round((ns / 1e6) * 10) / 10;
  // A full collection on demand, without starting the server with --expose-gc.
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc');
  const server = http.createServer((req, res) => {
    if (req.url === '/reset') h.reset();
    if (req.url === '/gc') gc();
    // A heap snapshot of the server while it holds the streams (BENCH_HEAP_SNAPSHOT=1), written to the temp folder.
    if (req.url === '/snapshot')
      return res.end(
        JSON.stringify({ file: v8.writeHeapSnapshot(path.join(os.tmpdir(), `reverie-${process.pid}-${Date.now()}.heapsnapshot`)) }),
      );
    const cpu = process.cpuUsage();
    const mem = process.memoryUsage();
    const body = JSON.stringify({
      p50: ms(h.percentile(50)),
      p99: ms(h.percentile(99)),
      max: ms(h.max),
      samples: h.count,
      cpuMicros: cpu.user + cpu.system,
      heapUsed: mem.heapUsed,
      rss: mem.rss,
    });
    res.writeHead(200, { 'content-type': 'application/json' }).end(body);
  });
  server.listen(port, '127.0.0.1');
  server.unref();
}
