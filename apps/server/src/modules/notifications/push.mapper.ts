import type { PushDevice } from '@reverie/shared';
import type { PushSubscriptionRow } from './push.repo.ts';

export function toPushDevice(row: PushSubscriptionRow): PushDevice {
  return {
    id: row.id,
    label: row.label,
    endpoint: row.endpoint,
    createdAt: row.createdAt.toISOString(),
    lastPushAt: row.lastPushAt?.toISOString() ?? null,
  };
}
