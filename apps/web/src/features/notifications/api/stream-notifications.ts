import { NotificationStreamEvent } from '@reverie/shared';
import { API_BASE, ApiError, freshAccessToken } from '@/lib/api-client';
import { SseParser } from '@/features/chat/lib/sse';

/**
 * GET /api/notifications/stream with Accept: text/event-stream (EventSource cannot send a bearer token). Calls
 * `onEvent` for each event and resolves when the server ends the stream; rejects with ApiError when refused.
 */
export async function streamNotifications(onEvent: (e: NotificationStreamEvent) => void, signal: AbortSignal): Promise<void> {
  const token = await freshAccessToken();
  if (!token) throw new ApiError(401, 'Unauthorized', 'Sign in to continue');
  const res = await fetch(`${API_BASE}/api/notifications/stream`, {
    headers: { accept: 'text/event-stream', authorization: `Bearer ${token}` },
    signal,
  });
  if (!res.ok || !res.body) throw new ApiError(res.status, res.statusText, await res.text().catch(() => ''));
  const parser = new SseParser((m) => {
    const parsed = NotificationStreamEvent.safeParse({ ...(JSON.parse(m.data) as object), type: m.event });
    if (parsed.success) onEvent(parsed.data);
  });
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    parser.push(value);
  }
}
