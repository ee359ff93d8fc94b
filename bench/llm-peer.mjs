// A local OpenAI-compatible streaming server for `npm run bench:chat`, in its own process (its work must not share
// the load client's event loop). Forked with IPC; the first message sets the behaviour:
//   { tokens, tokensPerSecond, firstTokenMs? } → each request streams `tokens` chunks at that rate (0 = all at once),
//   the first after `firstTokenMs` (default 0: a model that needs no time to read the prompt); `ownClock`: each stream
//   keeps its own time from its first token instead of the shared clock below (streams started at different moments,
//   as 10,000 people's replies are, rather than one batch)
// It answers { port } once listening; later messages change the behaviour for the next requests (answered 'ok').
// At a rate, one clock ticks every stream at once, as a batching model server (vLLM, llama.cpp with parallel
// slots) emits one token for every running sequence per decoding step. `/v1/chat/completions` only: anything else
// answers 404 at once, as vLLM and OpenAI do (so the app learns there is no /tokenize to ask, and stops asking).
// With BENCH_PROBE_PORT set (and bench/eld-probe.mjs preloaded) its event-loop delay can be read like the server's.
import http from 'node:http';

let tokens = 1;
let tokensPerSecond = 0;
let firstTokenMs = 0;
let ownClock = false;
/** Streams waiting for their next token at the current rate: { res, sent, count }. */
const ticking = new Set();
let clock;

const chunk = (content) =>
  `data: ${JSON.stringify({ id: 'b', object: 'chat.completion.chunk', choices: [{ index: 0, delta: { content }, finish_reason: null }] })}\n\n`;
const end = (count) =>
  `data: ${JSON.stringify({ id: 'b', object: 'chat.completion.chunk', choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] })}\n\n` +
  `data: ${JSON.stringify({ id: 'b', object: 'chat.completion.chunk', choices: [], usage: { prompt_tokens: 50, completion_tokens: count } })}\n\n` +
  'data: [DONE]\n\n';
const FIRST = chunk('Hello');
const NEXT = chunk(' word');

function step(s) {
  if (s.res.destroyed) return false;
  if (s.sent >= s.count) {
    s.res.end(end(s.count));
    return false;
  }
  s.res.write(s.sent === 0 ? FIRST : NEXT);
  s.sent++;
  return true;
}

function tick() {
  for (const s of ticking) if (!step(s)) ticking.delete(s);
  if (ticking.size === 0) {
    clearInterval(clock);
    clock = undefined;
  }
}

process.once('message', (first) => {
  ({ tokens, tokensPerSecond, firstTokenMs = 0, ownClock = false } = first);
  const server = http.createServer((req, res) => {
    req.resume();
    if (!req.url?.endsWith('/chat/completions')) {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"Not found"}}');
      return;
    }
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      const s = { res, sent: 0, count: tokens };
      const rate = tokensPerSecond;
      const start = () => {
        if (rate > 0 && ownClock) {
          if (!step(s)) return;
          const own = setInterval(() => step(s) || clearInterval(own), 1000 / rate);
        } else if (rate > 0) {
          // The first token at once, the rest on the shared clock.
          step(s);
          ticking.add(s);
          clock ??= setInterval(tick, 1000 / rate);
        } else {
          const next = () => step(s) && setImmediate(next);
          next();
        }
      };
      if (firstTokenMs > 0) setTimeout(start, firstTokenMs);
      else start();
    });
  });
  server.keepAliveTimeout = 60_000;
  server.listen(0, '127.0.0.1', () => process.send({ port: server.address().port }));
  process.on('message', (m) => {
    ({ tokens, tokensPerSecond, firstTokenMs = 0, ownClock = false } = m);
    process.send('ok');
  });
  process.on('disconnect', () => process.exit(0));
});
