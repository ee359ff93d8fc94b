// One user's live notifications as server-sent events. Subscribed before the first count is read, so nothing that
// happens while the stream opens is lost; ended by the client going away, the session ending (checked with every
// heartbeat, and at once on suspension), or after STREAM_MAX_MS (the client reconnects with a fresh access token).
import type { NotificationStreamEvent } from '@reverie/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { BusMessage } from './notifications.bus.ts';
import type { NotificationsService } from './notifications.service.ts';

export const HEARTBEAT_MS = 15_000;
export const STREAM_MAX_MS = 10 * 60_000;

export function wantsEventStream(request: FastifyRequest): boolean {
  return /\btext\/event-stream\b/.test(request.headers.accept ?? '');
}

export async function openStream(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: { notifications: NotificationsService; userId: string; sessionActive: () => Promise<boolean>; maxMs?: number },
): Promise<void> {
  const backlog: NotificationStreamEvent[] = [];
  let ready = false;
  let ended = false;
  const res = reply.raw;
  const write = (event: NotificationStreamEvent) => {
    if (!res.writableEnded && !res.destroyed) res.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
  };
  const end = () => {
    if (ended) return;
    ended = true;
    clearInterval(heartbeat);
    clearTimeout(maxAge);
    unsubscribe();
    if (!res.writableEnded) res.end();
  };
  const unsubscribe = deps.notifications.subscribe(deps.userId, (message: BusMessage) => {
    if ('end' in message) return end();
    if (ready) write(message.event);
    else backlog.push(message.event);
  });
  const heartbeat = setInterval(() => {
    deps.sessionActive().then(
      (active) => (active ? !res.writableEnded && res.write(': keep-alive\n\n') : end()),
      () => undefined,
    );
  }, HEARTBEAT_MS);
  const maxAge = setTimeout(end, deps.maxMs ?? STREAM_MAX_MS);
  res.on('close', end);

  let unreadCount: number;
  try {
    unreadCount = await deps.notifications.unreadCount(deps.userId);
  } catch (err) {
    end();
    throw err;
  }
  reply.hijack();
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
    'x-request-id': request.id,
    'x-content-type-options': 'nosniff',
  });
  write({ type: 'ready', unreadCount });
  ready = true;
  for (const event of backlog.splice(0)) write(event);
  if (ended) res.end();
}
