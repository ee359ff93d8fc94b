import type { StreamSlots } from '../../http/stream-slots.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { BackgroundTasks } from '../../lib/background.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import type { Mailer } from '../../providers/mail/index.ts';
import type { CharactersRepo } from '../characters/characters.repo.ts';
import type { UsersRepo } from '../users/users.repo.ts';
import type { NotificationBus } from './notifications.bus.ts';
import type { NotificationsRepo } from './notifications.repo.ts';
import { notificationsRoutes } from './notifications.routes.ts';
import { NotificationsService } from './notifications.service.ts';
import { NotificationSweeps, type MonthlyCoinsProbe } from './notifications.sweeps.ts';

/** The bus is built in the composition root (it may hold a Redis subscription the app closes). */
export function createNotificationsModule(deps: {
  config: { publicUrl: string };
  uow: UnitOfWork<{ notifications: NotificationsRepo; users: UsersRepo; characters: CharactersRepo }>;
  bus: NotificationBus;
  background: BackgroundTasks;
  rateLimiter: RateLimiter;
  streams: StreamSlots;
  mailer: Mailer;
  log: FastifyBaseLogger;
  sessions: { isActive(sessionId: string): Promise<boolean> };
  monthlyCoins: MonthlyCoinsProbe;
}) {
  const notifications = new NotificationsService(deps);
  const sweeps = new NotificationSweeps({ ...deps, notifications, publicUrl: deps.config.publicUrl });
  return {
    services: { notifications, sweeps },
    routes: notificationsRoutes({ notifications, rateLimiter: deps.rateLimiter, streams: deps.streams, sessions: deps.sessions }),
  };
}
