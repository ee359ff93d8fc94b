import type { NotificationStreamEvent } from '@reverie/shared';
// The stream decodes each event by its schema, so it takes the descriptor itself, not its route.
import { notificationsEndpoints } from '@reverie/shared/api/notifications';
import { openEventStream, readEventStream } from '@/lib/event-stream';

/**
 * GET /api/notifications/stream as server-sent events. Calls `onEvent` for each event and resolves when the server
 * ends the stream; rejects with ApiError when refused (401 without a session).
 */
export async function streamNotifications(onEvent: (e: NotificationStreamEvent) => void, signal: AbortSignal): Promise<void> {
  const endpoint = notificationsEndpoints.stream;
  const body = await openEventStream(endpoint, { signal });
  // The data was checked against its event's schema, so adding the name as `type` makes a valid NotificationStreamEvent.
  await readEventStream(endpoint, body, (e) => onEvent({ ...e.data, type: e.event } as NotificationStreamEvent));
}
