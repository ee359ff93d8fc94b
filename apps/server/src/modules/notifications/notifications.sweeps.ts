// What runs on a timer (jobs.ts, every NOTIFY_SWEEP_MINUTES): the daily digest mail for accounts that want mail,
// "monthly coins ready" for members whose new month has begun, and the retention sweep. Safe to run in several
// processes at once: a digest is claimed per user with a conditional upsert, announcements carry dedupe keys.
import type { FastifyBaseLogger } from 'fastify';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { Mailer } from '../../providers/mail/index.ts';
import { notificationDigestEmail } from '../../providers/mail/templates.ts';
import type { UsersRepo } from '../users/users.repo.ts';
import type { NotificationsRepo } from './notifications.repo.ts';
import { toNotification } from './notifications.mapper.ts';
import type { NotificationsService } from './notifications.service.ts';

const HOUR = 3_600_000;
/** At most one digest per account in this time (a little under a day, so an hourly sweep does not drift). */
export const DIGEST_GAP_MS = 23 * HOUR;
/** A notification goes into a digest once it has been unread this long (the person may be on the site). */
export const DIGEST_MIN_AGE_MS = HOUR;
const DIGEST_ITEMS = 10;
const BATCH = 200;
/** Retention: read or deleted notifications go after 90 days, any notification after a year. */
export const KEEP_READ_MS = 90 * 24 * HOUR;
export const KEEP_ANY_MS = 365 * 24 * HOUR;

/** The membership month whose coins can be claimed now, if any (billing answers it). */
export type MonthlyCoinsProbe = (userId: string) => Promise<{ subscriptionId: string; window: number; amount: number } | null>;

export class NotificationSweeps {
  constructor(
    private readonly deps: {
      uow: UnitOfWork<{ notifications: NotificationsRepo; users: UsersRepo }>;
      notifications: NotificationsService;
      mailer: Mailer;
      publicUrl: string;
      monthlyCoins: MonthlyCoinsProbe;
      log: Pick<FastifyBaseLogger, 'warn' | 'info'>;
    },
  ) {}

  async run(now = new Date()): Promise<{ digests: number; monthly: number; purged: number }> {
    const digests = await this.sendDigests(now);
    const monthly = await this.announceMonthlyCoins(now);
    const purged = await this.deps.uow.repos.notifications.purge(
      new Date(now.getTime() - KEEP_READ_MS),
      new Date(now.getTime() - KEEP_ANY_MS),
    );
    return { digests, monthly, purged };
  }

  async sendDigests(now = new Date()): Promise<number> {
    const { notifications, users } = this.deps.uow.repos;
    const cutoff = new Date(now.getTime() - DIGEST_GAP_MS);
    const olderThan = new Date(now.getTime() - DIGEST_MIN_AGE_MS);
    let sent = 0;
    for (const userId of await notifications.digestCandidates(cutoff, olderThan, BATCH)) {
      try {
        const user = await users.findById(userId);
        if (!user || user.suspendedAt || !user.settings.emailNotifications) continue;
        const { rows, total } = await notifications.unmailed(userId, olderThan, DIGEST_ITEMS);
        if (total === 0 || !(await notifications.claimDigest(userId, cutoff, now))) continue;
        const items = rows.map((row) => {
          const n = toNotification(row);
          return { title: n.title, body: n.body, link: `${this.deps.publicUrl}${n.link ?? '/'}` };
        });
        await this.deps.mailer.send(
          notificationDigestEmail(user.email, user.username, {
            items,
            total,
            inboxLink: `${this.deps.publicUrl}/`,
            settingsLink: `${this.deps.publicUrl}/settings`,
          }),
        );
        await notifications.markEmailed(rows.map((r) => r.id));
        sent += 1;
      } catch (err) {
        this.deps.log.warn({ err, userId }, 'could not send a notification digest; the next sweep tries again');
      }
    }
    return sent;
  }

  /** "Your coins for this month are ready" once per membership month, for members who have not claimed them. */
  async announceMonthlyCoins(now = new Date(), userIds?: string[]): Promise<number> {
    let announced = 0;
    for (const userId of userIds ?? (await this.deps.uow.repos.notifications.memberIds(now, 5000))) {
      try {
        const ready = await this.deps.monthlyCoins(userId);
        if (!ready || ready.amount <= 0) continue;
        const n = await this.deps.notifications.notify(userId, {
          kind: 'monthly_coins',
          data: { coins: ready.amount },
          link: '/coins',
          dedupeKey: `monthly:${ready.subscriptionId}:${ready.window}`,
        });
        if (n) announced += 1;
      } catch (err) {
        this.deps.log.warn({ err, userId }, 'could not announce monthly coins');
      }
    }
    return announced;
  }
}
