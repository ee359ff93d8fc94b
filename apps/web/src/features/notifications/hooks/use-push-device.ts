import { useCallback, useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { getErrorMessage } from '@/lib/api-client';
import { notificationsKeys } from '@/lib/query-keys/notifications';
import { pushConfigQueryOptions, removePushDevice, subscribePush } from '../api/push-devices';
import { currentSubscription, deviceLabel, disablePush, enablePush, permission, pushSupport, type PushSupport } from '../lib/push-browser';

export interface PushDeviceState {
  support: PushSupport;
  permission: NotificationPermission;
  /** This browser's subscription endpoint; null when it has none, undefined while looking. */
  endpoint: string | null | undefined;
  busy: boolean;
  /** A sentence when turning on or off failed. */
  error: string | null;
  enable(): Promise<void>;
  disable(deviceId?: string): Promise<void>;
}

/** This browser's push state, and turning it on (asks permission: call from a click) or off. */
export function usePushDevice(): PushDeviceState {
  const qc = useQueryClient();
  const [support] = useState(pushSupport);
  const [perm, setPerm] = useState(permission);
  const [endpoint, setEndpoint] = useState<string | null | undefined>(support === 'supported' ? undefined : null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (support !== 'supported') return;
    let live = true;
    currentSubscription()
      .then((s) => live && setEndpoint(s?.endpoint ?? null))
      .catch(() => live && setEndpoint(null));
    return () => {
      live = false;
    };
  }, [support]);

  const refreshDevices = useCallback(() => qc.invalidateQueries({ queryKey: notificationsKeys.pushDevices() }), [qc]);

  const enable = useCallback(async () => {
    setBusy(true);
    setError(null);
    try {
      const { publicKey } = await qc.fetchQuery(pushConfigQueryOptions);
      const sub = await enablePush(publicKey);
      setPerm(permission());
      if (sub === 'no-worker')
        setError('Notifications need the installed app’s service worker, which is not running yet. Reload the page and try again.');
      if (typeof sub === 'string') return;
      const keys = sub.keys ?? {};
      await subscribePush({
        endpoint: sub.endpoint ?? '',
        keys: { p256dh: keys.p256dh ?? '', auth: keys.auth ?? '' },
        label: deviceLabel(),
      });
      setEndpoint(sub.endpoint ?? null);
      await refreshDevices();
    } catch (err) {
      setError(getErrorMessage(err, 'Notifications could not be turned on. Please try again.'));
    } finally {
      setBusy(false);
    }
  }, [qc, refreshDevices]);

  const disable = useCallback(
    async (deviceId?: string) => {
      setBusy(true);
      setError(null);
      try {
        await disablePush();
        if (deviceId) await removePushDevice(deviceId);
        setEndpoint(null);
        await refreshDevices();
      } catch (err) {
        setError(getErrorMessage(err, 'Notifications could not be turned off. Please try again.'));
      } finally {
        setBusy(false);
      }
    },
    [refreshDevices],
  );

  return { support, permission: perm, endpoint, busy, error, enable, disable };
}
