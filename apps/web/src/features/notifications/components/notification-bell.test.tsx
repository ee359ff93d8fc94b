import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Notification } from '@reverie/shared';
import { setTokens } from '@/lib/auth-tokens';
import { json, jwt, mockApi, renderWithProviders, resetClientState } from '@/test/helpers';
import { NotificationBell } from './notification-bell';

const note = (over: Partial<Notification> = {}): Notification => ({
  id: '22222222-2222-4222-8222-222222222222',
  kind: 'likes',
  title: 'Aria got 12 new likes',
  body: null,
  link: '/characters/33333333-3333-4333-8333-333333333333',
  imageUrl: null,
  count: 12,
  read: false,
  createdAt: new Date().toISOString(),
  updatedAt: new Date().toISOString(),
  ...over,
});

/** A server-sent events body the test writes into. */
function eventStream() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  const enc = new TextEncoder();
  return {
    response: () => new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } }),
    send: (event: string, data: object) => controller.enqueue(enc.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`)),
  };
}

const render = () =>
  renderWithProviders(
    <MemoryRouter>
      <NotificationBell userId="11111111-1111-4111-8111-111111111111" />
    </MemoryRouter>,
  );

describe('notification bell', () => {
  beforeEach(() => {
    resetClientState();
    setTokens({ accessToken: jwt(), refreshToken: 'r' });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the unread count from the live stream, and new notifications as they arrive', async () => {
    const stream = eventStream();
    const first = note();
    const api = mockApi({
      'GET /api/notifications/stream': (init) =>
        new Headers(init.headers).get('accept') === 'text/event-stream' ? stream.response() : json({ unreadCount: 1 }),
      'GET /api/notifications': () => json({ items: [first], page: 1, limit: 30, total: 1, hasMore: false, unreadCount: 1 }),
      'PUT /api/notifications/read-all': () => json({ updated: 1, unreadCount: 0 }),
    });
    render();
    act(() => stream.send('ready', { unreadCount: 1 }));
    await screen.findByRole('button', { name: 'Notifications, 1 unread' });

    fireEvent.click(screen.getByRole('button', { name: /Notifications/ }));
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    await within(panel).findByText('Aria got 12 new likes');
    expect(
      within(panel)
        .getByRole('link', { name: /Aria got 12 new likes/ })
        .getAttribute('href'),
    ).toBe(first.link);

    // Live: a follower arrives while the panel is open.
    const live = note({ id: '44444444-4444-4444-8444-444444444444', kind: 'follower', title: 'mira started following you', count: 1 });
    act(() => stream.send('notification', { notification: live, unreadCount: 2 }));
    await within(panel).findByText('mira started following you');
    await screen.findByRole('button', { name: 'Notifications, 2 unread' });

    fireEvent.click(within(panel).getByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(api.callsTo('PUT /api/notifications/read-all')).toHaveLength(1));
    await screen.findByRole('button', { name: 'Notifications' });
    expect(screen.queryByTestId('unread-badge')).toBeNull();
    expect(
      within(panel)
        .getAllByTestId('notification')
        .every((li) => li.dataset.read === 'true'),
    ).toBe(true);
  });

  it('marks one read, deletes one, and says so when there is nothing', async () => {
    const stream = eventStream();
    const only = note({ kind: 'ticket_reply', title: 'Support replied to “Coins”', link: '/support/abc' });
    const api = mockApi({
      'GET /api/notifications/stream': (init) =>
        new Headers(init.headers).get('accept') === 'text/event-stream' ? stream.response() : json({ unreadCount: 1 }),
      'GET /api/notifications': () => json({ items: [only], page: 1, limit: 30, total: 1, hasMore: false, unreadCount: 1 }),
      [`PUT /api/notifications/${only.id}/read`]: () => json({ notification: { ...only, read: true }, unreadCount: 0 }),
      [`DELETE /api/notifications/${only.id}`]: () => json({ success: true, unreadCount: 0 }),
    });
    render();
    fireEvent.click(await screen.findByRole('button', { name: /Notifications/ }));
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    fireEvent.click(await within(panel).findByRole('button', { name: 'Mark “Support replied to “Coins”” as read' }));
    await waitFor(() => expect(api.callsTo(`PUT /api/notifications/${only.id}/read`)).toHaveLength(1));
    fireEvent.click(within(panel).getByRole('button', { name: 'Delete “Support replied to “Coins””' }));
    await within(panel).findByText('No notifications yet');
  });
});
