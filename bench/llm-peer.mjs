// A local OpenAI-compatible streaming server for `npm run bench:chat`, in its own process (its work must not share
// the load client's event loop). Forked with IPC; the first message sets the behaviour:
//   { tokens, tokensPerSecond }  → each request streams `tokens` chunks at that rate (0 = all at once)
// It answers { port } once listening; later messages change the behaviour for the next requests (answered 'ok').
// `/v1/chat/completions` only.
import http from 'node:http';

let tokens = 1;
let tokensPerSecond = 0;
process.once('message', (first) => {
  ({ tokens, tokensPerSecond } = first);
  const chunk = (content) =>
    `data: ${JSON.stringify({ id: 'b', object: 'chat.completion.chunk', choices: [{ index: 0, delta: { content }, finish_reason: null }] })}\n\n`;
  const end = () =>
    `data: ${JSON.stringify({ id: 'b', object: 'chat.completion.chunk', choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] })}\n\n` +
    `data: ${JSON.stringify({ id: 'b', object: 'chat.completion.chunk', choices: [], usage: { prompt_tokens: 50, completion_tokens: tokens } })}\n\n` +
    'data: [DONE]\n\n';
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      let sent = 0;
      const count = tokens;
      const rate = tokensPerSecond;
      const next = () => {
        if (res.destroyed) return;
        if (sent >= count) return void res.end(end());
        res.write(chunk(sent === 0 ? 'Hello' : ' word'));
        sent++;
        if (rate > 0) setTimeout(next, 1000 / rate);
        else setImmediate(next);
      };
      next();
    });
  });
  server.keepAliveTimeout = 60_000;
  server.listen(0, '127.0.0.1', () => process.send({ port: server.address().port }));
  process.on('message', (m) => {
    ({ tokens, tokensPerSecond } = m);
    process.send('ok');
  });
  process.on('disconnect', () => process.exit(0));
});
