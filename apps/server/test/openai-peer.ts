// A local server on 127.0.0.1 that answers /v1/chat/completions like an OpenAI-compatible API (streaming SSE), for
// tests of the chat path over the openai provider: scripted replies, errors, stalls and disconnects.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type PeerBehaviour =
  | { kind: 'reply'; parts: string[]; delayMs?: number }
  /** Streams `parts`, then drops the connection (a crash mid-stream). */
  | { kind: 'break'; parts: string[] }
  | { kind: 'http-error'; status: number; message: string }
  /** Streams `parts` slowly forever (until the client goes away). */
  | { kind: 'endless'; everyMs: number }
  /** Streams `first`, waits for `release`, then streams `rest` all at once and ends. */
  | { kind: 'gated'; first: string; release: Promise<void>; rest: string[] }
  /** Streams `piece` `times` times as fast as the socket takes it (waiting for 'drain'); counts in `written`. */
  | { kind: 'flood'; piece: string; times: number }
  /** A reasoning model that only thinks (`reasoning_content` deltas) and stops without a reply. */
  | { kind: 'thinking-only'; thoughts: string[] };

/** A behaviour chosen from each request's body (e.g. by the last thing the person said), not by when it came. */
export type PeerChooser = (body: Record<string, unknown>) => PeerBehaviour;

export interface OpenAiPeer {
  baseUrl: string;
  /** What the next requests get. */
  behave(b: PeerBehaviour | PeerChooser): void;
  /** The context size GET /props answers with, as llama.cpp's server does (404 while unset). */
  props(nCtx: number | undefined): void;
  /** Chat completion requests (other requests are answered but not recorded here). */
  requests: Array<{ body: Record<string, unknown>; closedAt?: number; written: number }>;
  close(): Promise<void>;
}

const chunk = (content: string) => ({
  id: 'c1',
  object: 'chat.completion.chunk',
  choices: [{ index: 0, delta: { content }, finish_reason: null }],
});

export async function startOpenAiPeer(): Promise<OpenAiPeer> {
  let behaviour: PeerBehaviour | PeerChooser = { kind: 'reply', parts: ['Hello', ' from', ' the', ' peer.'] };
  const requests: OpenAiPeer['requests'] = [];
  let nCtx: number | undefined;
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c));
    req.on('end', () => {
      if (req.method === 'GET' && req.url === '/props' && nCtx) {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ default_generation_settings: { n_ctx: nCtx } }));
        return;
      }
      // The model list every OpenAI-compatible server has (the app's health check reads it); no context length in it.
      if (req.method === 'GET' && req.url === '/v1/models') {
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"object":"list","data":[{"id":"peer-model","object":"model"}]}');
        return;
      }
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not found"}');
        return;
      }
      const entry: OpenAiPeer['requests'][number] = { body: raw ? (JSON.parse(raw) as Record<string, unknown>) : {}, written: 0 };
      requests.push(entry);
      res.on('close', () => (entry.closedAt = performance.now()));
      const b = typeof behaviour === 'function' ? behaviour(entry.body) : behaviour;
      if (b.kind === 'http-error') {
        res.writeHead(b.status, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: b.message } }));
        return;
      }
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      const send = (obj: unknown) => res.write(`data: ${typeof obj === 'string' ? obj : JSON.stringify(obj)}\n\n`);
      const finish = (parts: number) => {
        send({ id: 'c1', object: 'chat.completion.chunk', choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] });
        send({ id: 'c1', object: 'chat.completion.chunk', choices: [], usage: { prompt_tokens: 10, completion_tokens: parts } });
        send('[DONE]');
        res.end();
      };
      if (b.kind === 'endless') {
        const timer = setInterval(() => send(chunk(' more')), b.everyMs);
        res.on('close', () => clearInterval(timer));
        return;
      }
      if (b.kind === 'gated') {
        send(chunk(b.first));
        void b.release.then(() => {
          if (res.destroyed) return;
          for (const p of b.rest) send(chunk(p));
          finish(b.rest.length + 1);
        });
        return;
      }
      if (b.kind === 'thinking-only') {
        for (const t of b.thoughts) {
          send({
            id: 'c1',
            object: 'chat.completion.chunk',
            choices: [{ index: 0, delta: { reasoning_content: t }, finish_reason: null }],
          });
        }
        finish(b.thoughts.length);
        return;
      }
      if (b.kind === 'flood') {
        const pump = () => {
          while (entry.written < b.times && !res.destroyed) {
            entry.written++;
            if (!send(chunk(b.piece))) return void res.once('drain', pump);
          }
          if (!res.destroyed) finish(b.times);
        };
        pump();
        return;
      }
      void (async () => {
        for (const p of b.parts) {
          if (b.kind === 'reply' && b.delayMs) await new Promise((r) => setTimeout(r, b.delayMs));
          send(chunk(p));
        }
        if (b.kind === 'break') {
          // Let the chunks reach the client, then drop the connection without finishing the stream.
          await new Promise((r) => setTimeout(r, 100));
          res.socket?.destroy();
          return;
        }
        finish(b.parts.length);
      })();
    });
  });
  // The app keeps connections alive between replies; a socket the peer closes after Node's 5 s keep-alive, just as the
  // app reuses it, is an ECONNRESET that tests (LLM_RETRIES=0) would see on a loaded machine. Real servers are asked
  // again (LLM_RETRIES, 2 by default); here the peer keeps idle connections for the length of a test file.
  server.keepAliveTimeout = 120_000;
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    behave: (b) => (behaviour = b),
    props: (n) => (nCtx = n),
    requests,
    close: () => {
      server.closeAllConnections();
      return new Promise((r) => server.close(() => r()));
    },
  };
}
