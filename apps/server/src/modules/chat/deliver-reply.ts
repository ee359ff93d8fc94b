// A prepared reply on its way to the client, one-to-one or in a group: as server-sent events (the lead events, start,
// queue, token…, done | error) or, for a client that did not ask for a stream, as one JSON answer. The client going
// away does not stop the reply: it is written to the end, saved, and `away` tells the user it is there (a push). The
// user's Stop is a request of its own (reply-stops.ts), which reaches the process writing the reply.
import type { ChatReply, ChatStreamEvents, ErrorCode } from '@reverie/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { EventStream } from '../../http/event-stream.ts';
import { AppError } from '../../lib/app-error.ts';
import { toReplyMessage, toSentMessage } from './chat.mapper.ts';
import { generationError } from './generation-error.ts';
import type { ChatMessageRow } from './chat.repo.ts';
import type { GenerationSink, PreparedGeneration } from './pipeline.types.ts';
import type { ReplyStops } from './reply-stops.ts';
import { withFields } from '../../lib/with-fields.ts';

/** Heartbeat comment on idle event streams, so proxies keep them open while the model queues or thinks. */
const HEARTBEAT_MS = 15_000;

/** Tells the user a reply is waiting (the bell, a push): its page was left before it was finished. */
export type ReplyReady = (
  userId: string,
  m: { message: ChatMessageRow; speakerName: string; link: string; inGroup?: boolean },
) => Promise<void>;

/** How a reply is delivered: `stops` holds it while it is written; `away` runs when its client left before the end. */
export interface DeliverOptions<Lead> {
  what: string;
  lead?: Lead;
  stops: ReplyStops;
  away?: (reply: ChatMessageRow) => Promise<void>;
}

/**
 * `lead`: fields that come first, as events of their own name before `start` and beside the reply in the JSON
 * answer (a group's `speaker`). `what` names the generation in the log.
 */
export async function deliverReply<Lead extends Record<string, unknown> = Record<never, never>>(
  request: FastifyRequest,
  reply: FastifyReply,
  gen: PreparedGeneration,
  options: DeliverOptions<Lead>,
): Promise<(Lead & ChatReply) | undefined> {
  const { what, lead } = options;
  // A client that left while the reply was prepared closed its connection before this listener was added.
  let gone = reply.raw.destroyed && !reply.raw.writableFinished;
  const onClose = () => {
    if (!reply.raw.writableFinished) gone = true;
  };
  reply.raw.on('close', onClose);
  const present = () => !gone;
  const run = async (sink: Omit<GenerationSink, 'present'>) => {
    const result = await options.stops.run(gen.replyId, (signal) => gen.run(withFields(sink, { present }), signal));
    if (gone && result.message.status === 'complete')
      await options
        .away?.(result.message)
        .catch((err: unknown) => request.log.warn({ err }, `${what}: telling the user it is ready failed`));
    return result;
  };
  // The card the pipeline chose is also stored with the message, so the answer shows the message as a reload would.
  const userMessage = gen.userMessage && toSentMessage(gen.userMessage, gen.support);
  if (!/\btext\/event-stream\b/.test(request.headers.accept ?? '')) {
    try {
      const { message, stats } = await run({ queue() {}, token() {} });
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
    const { message, stats } = await run({
      queue: (position) => void events.send('queue', { position }),
      // A full socket buffer: the generation stops pulling from the model until the client has caught up (or left).
      token: (text) => (gone || events.send('token', { text }) ? undefined : events.writable()),
    });
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
