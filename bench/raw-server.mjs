// The ceiling: a bare node:http server answering with exactly the bytes (status, headers, body) the app sent for
// the same request. Forked by the benches; receives over IPC either one answer for every URL
// ({ status, headers, body(base64) }) or one per URL ({ routes: { [url]: { status, headers, body } } }),
// listens on 127.0.0.1:0 and replies with its port. 'cpu' → { cpuMicros } (this process's CPU time so far).
import http from 'node:http';

const prepare = (a) => {
  const body = Buffer.from(a.body, 'base64');
  return { status: a.status, headers: { ...a.headers, 'content-length': String(body.length) }, body };
};

process.once('message', (msg) => {
  const single = msg.routes ? undefined : prepare(msg);
  const routes = new Map(Object.entries(msg.routes ?? {}).map(([url, a]) => [url, prepare(a)]));
  const notFound = prepare({ status: 404, headers: {}, body: '' });
  const server = http.createServer((req, res) => {
    req.resume();
    const a = single ?? routes.get(req.url ?? '') ?? notFound;
    res.writeHead(a.status, a.headers);
    res.end(a.body);
  });
  server.keepAliveTimeout = 72_000;
  server.listen(0, '127.0.0.1', () => process.send({ port: server.address().port }));
  process.on('message', (m) => {
    if (m === 'cpu') {
      const cpu = process.cpuUsage();
      process.send({ cpuMicros: cpu.user + cpu.system });
    }
  });
  process.on('disconnect', () => process.exit(0));
});
