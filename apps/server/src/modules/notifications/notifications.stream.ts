// One user's live notifications as server-sent events. Subscribed before the first count is read, so nothing that
// happens while the stream opens is lost; ended by the client going away, the session ending (checked with every
// heartbeat, and at once on suspension), or after STREAM_MAX_MS (the client reconnects with a fresh access token).
import type { notificationsEndpoints, NotificationStreamEvent } from '@reverie/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { EventStream } from '../../http/event-stream.ts';
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
  // Opened once the first count is read; events meanwhile wait in the backlog.
  const stream: { events?: EventStream<typeof notificationsEndpoints.stream.events> } = {};
  let ended = false;
  const res = reply.raw;
  // The data goes out with its name as `type` too; the narrowing pairs each name with its schema.
  const write = (event: NotificationStreamEvent) => {
    const { events } = stream;
    if (!events) return;
    if (event.type === 'ready') events.send(event.type, event);
    else if (event.type === 'notification') events.send(event.type, event);
    else if (event.type === 'read') events.send(event.type, event);
    else events.send(event.type, event);
  };
  const end = () => {
    if (ended) return;
    ended = true;
    clearInterval(sessionCheck);
    clearTimeout(maxAge);
    unsubscribe();
    if (stream.events) stream.events.end();
    else if (!res.writableEnded) res.end();
  };
  const unsubscribe = deps.notifications.subscribe(deps.userId, (message: BusMessage) => {
    if ('end' in message) return end();
    if (stream.events) write(message.event);
    else backlog.push(message.event);
  });
  // The stream writes its own keep-alive comments; this ends it once the session has.
  const sessionCheck = setInterval(() => {
    deps.sessionActive().then(
      (active) => active || end(),
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
  stream.events = new EventStream(res, {
    heartbeatMs: HEARTBEAT_MS,
    headers: { 'x-request-id': request.id, 'x-content-type-options': 'nosniff' },
  });
  write({ type: 'ready', unreadCount });
  for (const event of backlog.splice(0)) write(event);
  if (ended) stream.events.end();
}
