// Preloaded into the server process by `npm run bench` (NODE_OPTIONS=--import …/eld-probe.mjs): measures the
// SERVER's event-loop delay with monitorEventLoopDelay and answers on its own loopback port
// (BENCH_PROBE_PORT): GET /reset starts a window, GET /stats returns {p50, p99, max} in ms since the reset;
// both also return the process's CPU time so far (cpuMicros), for CPU time per request.
// Not part of the app; the server code is unchanged.
import http from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const port = Number(process.env.BENCH_PROBE_PORT);
// Only this process answers: node processes it spawns (the embedded PostgreSQL supervisor) inherit NODE_OPTIONS and
// would load this file too, and their own listen on the same port left the server waiting before it listened.
delete process.env.BENCH_PROBE_PORT;
if (port) {
  const h = monitorEventLoopDelay({ resolution: 10 });
  h.enable();
  const ms = (ns) => Math.round((ns / 1e6) * 10) / 10;
  const server = http.createServer((req, res) => {
    if (req.url === '/reset') h.reset();
    const cpu = process.cpuUsage();
    const body = JSON.stringify({
      p50: ms(h.percentile(50)),
      p99: ms(h.percentile(99)),
      max: ms(h.max),
      samples: h.count,
      cpuMicros: cpu.user + cpu.system,
    });
    res.writeHead(200, { 'content-type': 'application/json' }).end(body);
  });
  server.listen(port, '127.0.0.1');
  server.unref();
}
