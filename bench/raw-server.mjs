// The ceiling: a bare node:http server answering with exactly the bytes (status, headers, body) the app
// sent for the same request. Forked by bench/run.ts; receives { status, headers, body(base64) } over IPC,
// listens on 127.0.0.1:0 and replies with its port.
import http from 'node:http';

process.once('message', (msg) => {
  const body = Buffer.from(msg.body, 'base64');
  const headers = { ...msg.headers, 'content-length': String(body.length) };
  const server = http.createServer((req, res) => {
    req.resume();
    res.writeHead(msg.status, headers);
    res.end(body);
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
