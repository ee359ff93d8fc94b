// A prepared reply on its way to the client, one-to-one or in a group: as server-sent events (the lead events, start,
// queue, token…, done | error) or, for a client that did not ask for a stream, as one JSON answer. The client going
// away aborts the generation (the provider closes its upstream request).
import type { ChatReply, ChatStreamEvents, ErrorCode } from '@reverie/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { EventStream } from '../../http/event-stream.ts';
import { AppError } from '../../lib/app-error.ts';
import { toReplyMessage, toSentMessage } from './chat.mapper.ts';
import { generationError } from './generation-error.ts';
import type { PreparedGeneration } from './pipeline.types.ts';

/** Heartbeat comment on idle event streams, so proxies keep them open while the model queues or thinks. */
const HEARTBEAT_MS = 15_000;

/**
 * `lead`: fields that come first, as events of their own name before `start` and beside the reply in the JSON
 * answer (a group's `speaker`). `what` names the generation in the log.
 */
export async function deliverReply<Lead extends Record<string, unknown> = Record<never, never>>(
  request: FastifyRequest,
  reply: FastifyReply,
  gen: PreparedGeneration,
  { what, lead }: { what: string; lead?: Lead },
): Promise<(Lead & ChatReply) | undefined> {
  const abort = new AbortController();
  const onClose = () => {
    if (!reply.raw.writableFinished) abort.abort(new Error('client went away'));
  };
  reply.raw.on('close', onClose);
  // The card the pipeline chose is also stored with the message, so the answer shows the message as a reload would.
  const userMessage = gen.userMessage && toSentMessage(gen.userMessage, gen.support);
  if (!/\btext\/event-stream\b/.test(request.headers.accept ?? '')) {
    try {
      const { message, stats } = await gen.run({ queue() {}, token() {} }, abort.signal);
      return { ...(lead as Lead), userMessage, reply: toReplyMessage(message), stats, support: gen.support };
    } catch (err) {
      if (err instanceof AppError) throw err;
      const e = generationError(err);
      if (e.status >= 500) request.log.warn({ err }, `${what} failed`);
      throw new AppError(e.status, e.code as ErrorCode, e.message);
    } finally {
      reply.raw.off('close', onClose);
    }
  }
  reply.hijack();
  const events = new EventStream<typeof ChatStreamEvents>(reply.raw, {
    heartbeatMs: HEARTBEAT_MS,
    headers: { 'x-request-id': String(request.id), 'x-content-type-options': 'nosniff' },
  });
  // The lead events are declared in the endpoint's own contract (GroupStreamEvents), beyond the chat's.
  const untyped = events as unknown as EventStream;
  for (const [name, data] of Object.entries(lead ?? {})) untyped.send(name, data as never);
  events.send('start', { userMessage, replyId: gen.replyId, support: gen.support });
  try {
    const { message, stats } = await gen.run(
      {
        queue: (position) => void events.send('queue', { position }),
        // A full socket buffer: the generation stops pulling from the model until the client has caught up.
        token: (text) => (events.send('token', { text }) ? undefined : events.writable()),
      },
      abort.signal,
    );
    events.send('done', { message: toReplyMessage(message), stats });
  } catch (err) {
    const e = generationError(err);
    events.send('error', { code: e.code, message: e.message });
    if (e.status >= 500) request.log.warn({ err }, `${what} failed`);
  } finally {
    reply.raw.off('close', onClose);
    events.end();
  }
  return undefined;
}
