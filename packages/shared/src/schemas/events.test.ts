import { describe, expect, it } from 'vitest';
import { ChatStreamEvents } from './chat.ts';
import { decodeStreamEvent } from './events.ts';
import { NotificationStreamEvents } from './notifications.ts';

describe('decodeStreamEvent', () => {
  it('decodes a declared event by its schema', () => {
    expect(decodeStreamEvent(ChatStreamEvents, { event: 'token', data: '{"text":"Hi"}' })).toEqual({
      event: 'token',
      data: { text: 'Hi' },
    });
    // The notification stream's data also names its event as `type`; the schema takes the fields it declares.
    expect(decodeStreamEvent(NotificationStreamEvents, { event: 'ready', data: '{"type":"ready","unreadCount":3}' })).toEqual({
      event: 'ready',
      data: { unreadCount: 3 },
    });
  });

  it('skips events the endpoint does not declare, data its schema refuses, and data that is not JSON', () => {
    expect(decodeStreamEvent(ChatStreamEvents, { event: 'surprise', data: '{}' })).toBeNull();
    expect(decodeStreamEvent(ChatStreamEvents, { event: 'toString', data: '{}' })).toBeNull();
    expect(decodeStreamEvent(ChatStreamEvents, { event: 'queue', data: '{"position":"first"}' })).toBeNull();
    expect(decodeStreamEvent(ChatStreamEvents, { event: 'token', data: 'Hi' })).toBeNull();
  });
});
