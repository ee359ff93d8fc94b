import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PushDevice, PushSettings } from '@reverie/shared';
import { setTokens } from '@/lib/auth-tokens';
import { browserTimeZone } from '@/lib/format';
import { json, jwt, mockApi, renderWithProviders, resetClientState } from '@/test/helpers';
import { PushSettingsCard } from './push-settings-card';

const settings: PushSettings = {
  topics: { images: true, followers: true, support: true, characters: true, replies: true },
  quietHours: null,
};
const ENDPOINT = 'https://fcm.googleapis.com/fcm/send/this-device';
const device = (over: Partial<PushDevice> = {}): PushDevice => ({
  id: '11111111-1111-4111-8111-111111111111',
  label: 'Chrome on Android',
  endpoint: 'https://fcm.googleapis.com/fcm/send/other',
  createdAt: '2026-11-01T10:00:00Z',
  lastPushAt: null,
  ...over,
});

/** A browser with the Push API: the permission answer, and the subscription pushManager makes. */
function pushBrowser(answer: NotificationPermission, initial: NotificationPermission = 'default') {
  const requestPermission = vi.fn(async () => {
    Notification.permission = answer;
    return answer;
  });
  const Notification = { permission: initial, requestPermission };
  const sub = {
    endpoint: ENDPOINT,
    toJSON: () => ({ endpoint: ENDPOINT, keys: { p256dh: 'BKey', auth: 'secret' } }),
    unsubscribe: vi.fn(async () => true),
  };
  let current: typeof sub | null = null;
  const subscribe = vi.fn(async () => (current = sub));
  const reg = { pushManager: { subscribe, getSubscription: async () => current } };
  vi.stubGlobal('Notification', Notification);
  vi.stubGlobal('PushManager', function PushManager() {});
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: async () => reg, ready: Promise.resolve(reg) },
  });
  return { requestPermission, subscribe, sub };
}

function api(devices: PushDevice[] = []) {
  return mockApi({
    'GET /api/push/settings': () => json(settings),
    'GET /api/push/devices': () => json({ items: devices }),
    'GET /api/push/config': () => json({ publicKey: 'BPublicKey_-' }),
    'POST /api/push/devices': () => json(device({ endpoint: ENDPOINT }), 201),
    'PUT /api/push/settings': (init) => json({ ...settings, ...(JSON.parse(String(init.body)) as object) }),
    'DELETE /api/push/devices/11111111-1111-4111-8111-111111111111': () => json({ success: true }),
  });
}

describe('Settings → Push notifications', () => {
  beforeEach(() => {
    resetClientState();
    setTokens({ accessToken: jwt(), refreshToken: 'r' });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  it('says what will come, asks permission only on the click, then registers this browser', async () => {
    const browser = pushBrowser('granted');
    const calls = api();
    renderWithProviders(<PushSettingsCard />);
    await screen.findByText(
      /when a reply finishes after you left the chat, a picture is ready, someone follows you, support answers your ticket or a character writes to you/,
    );
    expect(browser.requestPermission).not.toHaveBeenCalled();

    const button = await screen.findByRole('button', { name: 'Turn on notifications' });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(button);
    await waitFor(() => expect(calls.callsTo('POST /api/push/devices')).toHaveLength(1));
    expect(browser.requestPermission).toHaveBeenCalledOnce();
    const options = browser.subscribe.mock.calls[0] as unknown as [PushSubscriptionOptionsInit];
    expect(options[0].userVisibleOnly).toBe(true);
    expect(calls.callsTo('POST /api/push/devices')[0]!.body).toMatchObject({
      endpoint: ENDPOINT,
      keys: { p256dh: 'BKey', auth: 'secret' },
    });
    await screen.findByText('This device gets push notifications.');
  });

  it('a refused permission says how to allow it, and nothing is registered', async () => {
    pushBrowser('denied');
    const calls = api();
    renderWithProviders(<PushSettingsCard />);
    const button = await screen.findByRole('button', { name: 'Turn on notifications' });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(button);
    await screen.findByText(/Notifications are blocked for Reverie in this browser/);
    expect(calls.callsTo('POST /api/push/devices')).toHaveLength(0);
  });

  it('a browser without push, and an iPhone outside the Home Screen, get a sentence instead of the button', async () => {
    api();
    const { unmount } = renderWithProviders(<PushSettingsCard />);
    await screen.findByText(/This browser cannot show push notifications/);
    expect(screen.queryByRole('button', { name: 'Turn on notifications' })).toBeNull();
    unmount();

    vi.stubGlobal('navigator', { ...navigator, userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Safari/604.1' });
    renderWithProviders(<PushSettingsCard />);
    await screen.findByText(/On iPhone and iPad, notifications work once Reverie is added to the Home Screen\./);
  });

  it('switches, quiet hours in the browser’s time zone, and removing a device are saved', async () => {
    pushBrowser('granted');
    const calls = api([device()]);
    renderWithProviders(<PushSettingsCard />);
    fireEvent.click(await screen.findByRole('switch', { name: 'New followers' }));
    await waitFor(() => expect(calls.callsTo('PUT /api/push/settings')[0]?.body).toEqual({ topics: { followers: false } }));

    fireEvent.click(screen.getByRole('switch', { name: 'Quiet hours' }));
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '23:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save quiet hours' }));
    await waitFor(() => expect(calls.callsTo('PUT /api/push/settings')).toHaveLength(2));
    const zone = browserTimeZone();
    expect(calls.callsTo('PUT /api/push/settings')[1]!.body).toEqual({ quietHours: { start: '23:00', end: '08:00', timeZone: zone } });

    const list = screen.getByRole('list', { name: 'Devices that get push notifications' });
    fireEvent.click(within(list).getByRole('button', { name: 'Remove Chrome on Android' }));
    await waitFor(() => expect(calls.callsTo('DELETE /api/push/devices/11111111-1111-4111-8111-111111111111')).toHaveLength(1));
  });
});
