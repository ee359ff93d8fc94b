// A client may leave while its reply is still being prepared (the checks, the charge, the prompt): its connection is
// closed before deliverReply listens for the close. The reply is still written to the end, and `away` still tells
// the user where it waits. Real sockets: the handler starts delivering only after the server has seen the close.
import http from 'node:http';
import net from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { ChatMessageRow } from './chat.repo.ts';
import { deliverReply } from './deliver-reply.ts';
import type { PreparedGeneration } from './pipeline.types.ts';
import { ReplyStops } from './reply-stops.ts';

const saved = { id: 'r1', conversationId: 'c1', role: 'assistant', content: 'Written to the end.', status: 'complete' };

/** A prepared reply that writes two tokens and is saved complete (what the pipeline resolves with). */
const generation = (): PreparedGeneration => ({
  speaker: { name: 'Steady Person' } as PreparedGeneration['speaker'],
  userMessage: null,
  replyId: 'r1',
  support: null,
  async run(sink) {
    for (const t of ['Written', ' to the end.']) await sink.token(t);
    return { message: { ...saved, createdAt: new Date() } as unknown as ChatMessageRow, stats: { tokens: 2, ms: 5 } };
  },
});

const log = { warn() {}, error() {}, info() {} };
let server: http.Server | undefined;
afterEach(() => server?.close());

/** Serves one request: waits for its connection to close, then delivers; resolves with what `away` got. */
async function leftBeforeDelivery(accept: string): Promise<{ away: string[]; status: string }> {
  const stops = await ReplyStops.create();
  const away: string[] = [];
  let done!: (status: string) => void;
  const delivered = new Promise<string>((r) => (done = r));
  server = http.createServer((req, res) => {
    res.on('close', () => {
      const request = { headers: req.headers, log, id: 'req-1', raw: req } as unknown as FastifyRequest;
      const reply = { raw: res, hijack() {} } as unknown as FastifyReply;
      void deliverReply(request, reply, generation(), { what: 'test', stops, away: async (m) => void away.push(m.content) })
        .catch((err: unknown) => String(err))
        .then(() => done('delivered'));
    });
  });
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
  const { port } = server.address() as net.AddressInfo;
  const socket = net.connect(port, '127.0.0.1');
  await new Promise((r) => socket.once('connect', r));
  socket.write(`POST /x HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: ${accept}\r\nContent-Length: 2\r\n\r\n{}`);
  // The request is in; the client goes before anything is answered.
  await new Promise((r) => setTimeout(r, 50));
  socket.destroy();
  const status = await delivered;
  return { away, status };
}

describe('deliverReply when the client left during preparation', () => {
  it('a stream: the reply is written and the user is told it is waiting', async () => {
    const { away, status } = await leftBeforeDelivery('text/event-stream');
    expect(status).toBe('delivered');
    expect(away).toEqual(['Written to the end.']);
  });

  it('a JSON answer: the same', async () => {
    const { away } = await leftBeforeDelivery('application/json');
    expect(away).toEqual(['Written to the end.']);
  });
});
