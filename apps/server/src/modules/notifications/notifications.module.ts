import type { Agent } from 'node:https';
import type { StreamSlots } from '../../http/stream-slots.ts';
import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { Config } from '../../config.ts';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { BackgroundTasks } from '../../lib/background.ts';
import { createJobQueue, type JobQueue } from '../../lib/jobs/index.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import type { Mailer } from '../../providers/mail/index.ts';
import type { CharactersRepo } from '../characters/characters.repo.ts';
import type { UsersRepo } from '../users/users.repo.ts';
import type { NotificationBus } from './notifications.bus.ts';
import type { NotificationsRepo } from './notifications.repo.ts';
import { notificationsRoutes } from './notifications.routes.ts';
import { NotificationsService } from './notifications.service.ts';
import { NotificationSweeps, type MonthlyCoinsProbe } from './notifications.sweeps.ts';
import { PushDelivery, type PushJob } from './push-delivery.ts';
import type { PushKeys } from './push-keys.ts';
import type { PushRepo } from './push.repo.ts';
import { pushRoutes } from './push.routes.ts';
import { PushService } from './push.service.ts';

/** The bus is built in the composition root (it may hold a Redis subscription the app closes); so are the push keys. */
export function createNotificationsModule(deps: {
  config: Pick<Config, 'publicUrl' | 'redisUrl' | 'redisPrefix' | 'push'>;
  uow: UnitOfWork<{ notifications: NotificationsRepo; users: UsersRepo; characters: CharactersRepo; push: PushRepo }>;
  bus: NotificationBus;
  pushKeys: PushKeys;
  background: BackgroundTasks;
  rateLimiter: RateLimiter;
  streams: StreamSlots;
  mailer: Mailer;
  log: FastifyBaseLogger;
  sessions: { isActive(sessionId: string): Promise<boolean> };
  monthlyCoins: MonthlyCoinsProbe;
  /** Test seams: the push queue, and the TLS agent for a local push service. */
  pushQueue?: JobQueue<PushJob, unknown>;
  pushAgent?: Agent;
}) {
  const { config } = deps;
  const queue = deps.pushQueue ?? createJobQueue<PushJob, unknown>('push-delivery', config);
  const notifications: NotificationsService = new NotificationsService({
    ...deps,
    written: (row): Promise<number> => delivery.enqueue(row),
  });
  const push = new PushService({ ...deps, keys: deps.pushKeys, config: config.push, notifications });
  const delivery = new PushDelivery({ ...deps, queue, keys: deps.pushKeys, config: config.push, push, agent: deps.pushAgent });
  const sweeps = new NotificationSweeps({ ...deps, notifications, publicUrl: config.publicUrl });
  return {
    services: { notifications, sweeps, push, delivery },
    routes: (async (app) => {
      await app.register(
        notificationsRoutes({ notifications, rateLimiter: deps.rateLimiter, streams: deps.streams, sessions: deps.sessions }),
      );
      await app.register(pushRoutes({ push, rateLimiter: deps.rateLimiter }));
    }) satisfies FastifyPluginAsync,
    /** After the push worker stopped (jobs.ts): the queue, which every process holds to add pushes. */
    stop: () => queue.close(),
  };
}
