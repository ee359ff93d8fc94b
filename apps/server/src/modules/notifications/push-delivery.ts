// Sending Web Push: a notification written for a user (notifications.service.ts `notify`) whose kind pushes
// (push-topics.ts), with its switch on and outside quiet hours, becomes one job per device on the `push-delivery`
// queue (jobs.ts). The job encrypts the payload for that browser (RFC 8291, aes128gcm, by web-push), signs with the
// server's VAPID key and POSTs it to the browser's push service; 404/410 from the service removes the device.
import type { Agent } from 'node:https';
import type { PushPayload } from '@reverie/shared';
import type { FastifyBaseLogger } from 'fastify';
import webpush from 'web-push';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { JobQueue, JobWorker } from '../../lib/jobs/index.ts';
import { toNotification } from './notifications.mapper.ts';
import type { NotificationRow, NotificationsRepo } from './notifications.repo.ts';
import { isAllowedEndpoint, type PushConfig } from './push.config.ts';
import type { PushKeys } from './push-keys.ts';
import type { PushRepo } from './push.repo.ts';
import { quietWindowOf, topicsOf, type PushService } from './push.service.ts';
import { pushTopicOf } from './push-topics.ts';
import { isQuiet } from './quiet-hours.ts';

export interface PushJob {
  notificationId: string;
  subscriptionId: string;
}

export type PushOutcome = 'sent' | 'gone' | 'skipped';

/** A push the device has not received within a day is dropped by its push service (the bell still has it). */
const TTL_SECONDS = 24 * 3600;
const BODY_MAX = 300;

export class PushDelivery {
  private worker?: JobWorker;

  constructor(
    private readonly d: {
      uow: UnitOfWork<{ push: PushRepo; notifications: NotificationsRepo }>;
      queue: JobQueue<PushJob, unknown>;
      keys: PushKeys;
      config: PushConfig;
      push: Pick<PushService, 'openedToken'>;
      log: Pick<FastifyBaseLogger, 'warn'>;
      /** Test seam: the TLS agent for push services (a local one with its own certificate). */
      agent?: Agent;
      now?: () => Date;
    },
  ) {}

  get queue() {
    return this.d.queue;
  }

  private now(): Date {
    return this.d.now?.() ?? new Date();
  }

  /** Whether this notification may push to its owner now: a kind that pushes, its switch on, not in quiet hours. */
  private async allowed(userId: string, kind: string): Promise<boolean> {
    const topic = pushTopicOf(kind);
    if (!topic) return false;
    const prefs = await this.d.uow.repos.push.preferences(userId);
    if (!topicsOf(prefs)[topic]) return false;
    const quiet = quietWindowOf(prefs);
    return !(quiet && isQuiet(quiet, this.now()));
  }

  /** One job per device of the notification's owner; returns how many were queued. */
  async enqueue(row: NotificationRow): Promise<number> {
    if (!(await this.allowed(row.userId, row.kind))) return 0;
    const devices = await this.d.uow.repos.push.listFor(row.userId);
    for (const device of devices) {
      await this.d.queue.add(
        'push',
        { notificationId: row.id, subscriptionId: device.id },
        // A batched notification pushes again per event it takes in (count), never twice for the same one.
        { jobId: `${row.id}.${row.count}.${device.id}`, attempts: 3, backoff: { type: 'exponential', delayMs: 10_000 } },
      );
    }
    return devices.length;
  }

  /** Works the queue in this process (jobs.ts). */
  start(): void {
    this.worker ??= this.d.queue.process((job) => this.deliver(job.data), { concurrency: 4 });
  }

  async stop(): Promise<void> {
    await this.worker?.close();
    this.worker = undefined;
  }

  /**
   * One push to one device. Checked again when it runs (a retry may come later): the notification still unread, the
   * device still the owner's, the switch on, not quiet hours. A failure other than 404/410 throws, so the queue retries.
   */
  async deliver(job: PushJob): Promise<PushOutcome> {
    const { push, notifications } = this.d.uow.repos;
    const [row, device] = await Promise.all([notifications.find(job.notificationId), push.find(job.subscriptionId)]);
    if (!row || row.readAt || !device || device.userId !== row.userId) return 'skipped';
    if (!isAllowedEndpoint(device.endpoint, this.d.config.services)) return 'skipped';
    if (!(await this.allowed(row.userId, row.kind))) return 'skipped';
    try {
      await webpush.sendNotification(
        { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
        JSON.stringify(this.payload(row)),
        {
          vapidDetails: { subject: this.d.config.subject, publicKey: this.d.keys.publicKey, privateKey: this.d.keys.privateKey },
          TTL: TTL_SECONDS,
          urgency: 'normal',
          // A newer push about the same notification replaces one the device has not received yet.
          topic: row.id.replaceAll('-', ''),
          timeout: 10_000,
          ...(this.d.agent ? { agent: this.d.agent } : {}),
        },
      );
    } catch (err) {
      if (err instanceof webpush.WebPushError && (err.statusCode === 404 || err.statusCode === 410)) {
        await push.removeEndpoint(device.id, device.endpoint);
        return 'gone';
      }
      this.d.log.warn({ err: err instanceof Error ? err.message : err, device: device.id }, 'push not delivered; the queue retries it');
      throw err;
    }
    await push.markPushed(device.id, this.now());
    return 'sent';
  }

  /** What the device decrypts: the notification's words and where a click goes (never more than the bell shows). */
  private payload(row: NotificationRow): PushPayload {
    const n = toNotification(row);
    return {
      notificationId: n.id,
      kind: n.kind,
      title: n.title,
      body: n.body && n.body.length > BODY_MAX ? `${n.body.slice(0, BODY_MAX - 1)}…` : n.body,
      link: n.link ?? '/',
      imageUrl: n.imageUrl,
      readToken: this.d.push.openedToken(n.id, row.userId),
    };
  }
}
