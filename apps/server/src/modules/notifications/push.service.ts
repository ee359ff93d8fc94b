// Web Push, the account's side: its devices (one browser subscription each, at most PUSH_DEVICES_MAX), what may push
// and quiet hours, and the "opened" call of the service worker, which marks the pushed notification read everywhere.
// Sending is push-delivery.ts. docs/notifications.md#push.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { PUSH_DEVICES_MAX, PUSH_TOPICS, type PushSettings, type PushTopic, type UpdatePushSettingsBody } from '@reverie/shared';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import { ownerPolicy, type Actor } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import type { NotificationsRepo } from './notifications.repo.ts';
import type { NotificationsService } from './notifications.service.ts';
import { isAllowedEndpoint, type PushConfig } from './push.config.ts';
import type { PushKeys } from './push-keys.ts';
import type { PushPreferencesRow, PushRepo, PushSubscriptionRow } from './push.repo.ts';
import { isQuiet, type QuietWindow } from './quiet-hours.ts';

const devicePolicy = ownerPolicy<PushSubscriptionRow>({ what: 'Device', ownerId: (d) => d.userId });

export interface SubscribeInput {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  label?: string;
}

/** The quiet window stored for a user, when there is a whole one. */
export function quietWindowOf(p: PushPreferencesRow | undefined): QuietWindow | null {
  if (!p?.quietStart || !p.quietEnd || !p.timeZone) return null;
  return { start: p.quietStart, end: p.quietEnd, timeZone: p.timeZone };
}

export function topicsOf(p: PushPreferencesRow | undefined): Record<PushTopic, boolean> {
  const off = new Set(p?.topicsOff ?? []);
  return Object.fromEntries(PUSH_TOPICS.map((t) => [t, !off.has(t)])) as Record<PushTopic, boolean>;
}

export class PushService {
  constructor(
    private readonly d: {
      uow: UnitOfWork<{ push: PushRepo; notifications: NotificationsRepo }>;
      keys: PushKeys;
      config: PushConfig;
      notifications: Pick<NotificationsService, 'markRead'>;
    },
  ) {}

  private get repo() {
    return this.d.uow.repos.push;
  }

  get publicKey(): string {
    return this.d.keys.publicKey;
  }

  devices(actor: Actor): Promise<PushSubscriptionRow[]> {
    return this.repo.listFor(actor.userId);
  }

  /** Registers (or renews) this browser; the account's least recently used devices beyond the bound make room. */
  async subscribe(actor: Actor, s: SubscribeInput): Promise<PushSubscriptionRow> {
    if (!isAllowedEndpoint(s.endpoint, this.d.config.services)) {
      throw AppError.badRequest('This browser’s push service is not one Reverie sends to, so it cannot receive notifications.');
    }
    return this.d.uow.run(async ({ push }) => {
      const row = await push.upsert(actor.userId, {
        endpoint: s.endpoint,
        p256dh: s.keys.p256dh,
        auth: s.keys.auth,
        label: s.label || 'A browser',
      });
      await push.trim(actor.userId, PUSH_DEVICES_MAX);
      return row;
    });
  }

  /** Another account's device answers 404, like a missing one. */
  async remove(actor: Actor, id: string): Promise<void> {
    devicePolicy.assert({ userId: actor.userId, role: 'user' }, await this.repo.find(id), 'write');
    await this.repo.remove(id);
  }

  async settings(userId: string): Promise<PushSettings> {
    const p = await this.repo.preferences(userId);
    return { topics: topicsOf(p), quietHours: quietWindowOf(p) };
  }

  async updateSettings(userId: string, body: UpdatePushSettingsBody): Promise<PushSettings> {
    const patch: Parameters<PushRepo['savePreferences']>[1] = {};
    if (body.topics) {
      const topics = { ...(await this.settings(userId)).topics, ...body.topics };
      patch.topicsOff = PUSH_TOPICS.filter((t) => !topics[t]);
    }
    if (body.quietHours !== undefined) patch.quiet = body.quietHours;
    const row = await this.repo.savePreferences(userId, patch);
    return { topics: topicsOf(row), quietHours: quietWindowOf(row) };
  }

  /** Whether `at` is inside the user's quiet hours (their own time zone): nothing pushes then, nor writes first. */
  async isQuietAt(userId: string, at: Date): Promise<boolean> {
    const window = quietWindowOf(await this.repo.preferences(userId));
    return window !== null && isQuiet(window, at);
  }

  /** The token a push carries so that its service worker, which has no session, may mark that one notification read. */
  openedToken(notificationId: string, userId: string): string {
    return createHmac('sha256', this.d.keys.openedKey).update(`${notificationId}.${userId}`).digest('base64url');
  }

  /** A push was opened: its notification is read (the bell and the list in open tabs hear it). Bad token: 404. */
  async opened(notificationId: string, token: string): Promise<void> {
    const row = await this.d.uow.repos.notifications.find(notificationId);
    const expected = row && Buffer.from(this.openedToken(row.id, row.userId));
    const given = Buffer.from(token);
    if (!row || !expected || expected.length !== given.length || !timingSafeEqual(expected, given)) throw AppError.notFound('Notification');
    if (row.readAt) return;
    await this.d.notifications.markRead({ userId: row.userId, role: 'user' }, row.id);
  }
}
