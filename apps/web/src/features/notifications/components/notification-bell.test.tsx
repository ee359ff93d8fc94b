import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Notification } from '@reverie/shared';
import { setTokens } from '@/lib/auth-tokens';
import { apiError, json, jwt, mockApi, renderWithProviders, resetClientState } from '@/test/helpers';
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

/** A request the test answers when it chooses: `answer` settles it, `promise` is what the mock hands to fetch. */
function held() {
  let answer!: (response: Response) => void;
  const promise = new Promise<Response>((resolve) => (answer = resolve));
  return { promise, answer: (response: Response) => act(() => answer(response)) };
}

/** The live stream's route for a test that sends nothing on it: opened, and quiet. */
const quietStream = (unreadCount: number) => (init: RequestInit) =>
  new Headers(init.headers).get('accept') === 'text/event-stream' ? eventStream().response() : json({ unreadCount });

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
  // A failure is told in a toast, also when the panel that asked is gone by then (TanStack Query drops mutate's
  // callbacks when their component unmounts, or when the same mutation is started again before the answer).
  it('says a notification was not marked read when opening it closed the panel before the answer', async () => {
    const only = note();
    const request = held();
    const api = mockApi({
      'GET /api/notifications/stream': quietStream(1),
      'GET /api/notifications': () => json({ items: [only], page: 1, limit: 30, total: 1, hasMore: false, unreadCount: 1 }),
      [`PUT /api/notifications/${only.id}/read`]: () => request.promise,
    });
    render();
    fireEvent.click(await screen.findByRole('button', { name: /Notifications/ }));
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    fireEvent.click(await within(panel).findByRole('link', { name: /Aria got 12 new likes/ }));
    await waitFor(() => expect(api.callsTo(`PUT /api/notifications/${only.id}/read`)).toHaveLength(1));
    expect(screen.queryByRole('dialog', { name: 'Notifications' })).toBeNull();
    await request.answer(apiError(500, 'The server is busy'));
    await screen.findByText('Could not mark it read');
  });

  it('says all were not marked read when the panel was closed before the answer', async () => {
    const request = held();
    const api = mockApi({
      'GET /api/notifications/stream': quietStream(1),
      'GET /api/notifications': () => json({ items: [note()], page: 1, limit: 30, total: 1, hasMore: false, unreadCount: 1 }),
      'PUT /api/notifications/read-all': () => request.promise,
    });
    render();
    fireEvent.click(await screen.findByRole('button', { name: /Notifications/ }));
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    await within(panel).findByText('Aria got 12 new likes');
    fireEvent.click(within(panel).getByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(api.callsTo('PUT /api/notifications/read-all')).toHaveLength(1));
    fireEvent.keyDown(panel, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Notifications' })).toBeNull());
    await request.answer(apiError(500, 'The server is busy'));
    await screen.findByText('Could not mark them read');
  });

  it.each([
    {
      action: 'Mark',
      label: (title: string) => `Mark “${title}” as read`,
      method: 'PUT',
      suffix: '/read',
      toast: 'Could not mark it read',
    },
    { action: 'Delete', label: (title: string) => `Delete “${title}”`, method: 'DELETE', suffix: '', toast: 'Could not delete it' },
  ])('$action: a failure is told when the next row was clicked before its answer', async ({ label, method, suffix, toast }) => {
    const first = note();
    const second = note({ id: '44444444-4444-4444-8444-444444444444', kind: 'follower', title: 'mira started following you', count: 1 });
    const request = held();
    const api = mockApi({
      'GET /api/notifications/stream': quietStream(2),
      'GET /api/notifications': () => json({ items: [first, second], page: 1, limit: 30, total: 2, hasMore: false, unreadCount: 2 }),
      [`${method} /api/notifications/${first.id}${suffix}`]: () => request.promise,
      [`PUT /api/notifications/${second.id}/read`]: () => json({ notification: { ...second, read: true }, unreadCount: 1 }),
      [`DELETE /api/notifications/${second.id}`]: () => json({ success: true, unreadCount: 1 }),
    });
    render();
    fireEvent.click(await screen.findByRole('button', { name: /Notifications/ }));
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    fireEvent.click(await within(panel).findByRole('button', { name: label(first.title) }));
    fireEvent.click(within(panel).getByRole('button', { name: label(second.title) }));
    await waitFor(() => expect(api.callsTo(`${method} /api/notifications/${second.id}${suffix}`)).toHaveLength(1));
    await request.answer(apiError(500, 'The server is busy'));
    await screen.findByText(toast);
  });
});
