import type { FastifyBaseLogger } from 'fastify';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import type { Mailer } from '../../providers/mail/index.ts';
import type { AuditLog } from '../moderation/audit.service.ts';
import type { ModerationService } from '../moderation/moderation.service.ts';
import type { ModerationQueue } from '../moderation/queue.service.ts';
import type { SubjectRegistry } from '../moderation/subjects.ts';
import type { NotificationInput } from '../notifications/notifications.service.ts';
import { RemovalService } from './removal.service.ts';
import type { SupportRepo } from './support.repo.ts';
import { supportRoutes } from './support.routes.ts';
import { SupportService } from './support.service.ts';

export function createSupportModule(deps: {
  config: { publicUrl: string };
  uow: UnitOfWork<{ support: SupportRepo }>;
  subjects: SubjectRegistry;
  rateLimiter: RateLimiter;
  mailer: Mailer;
  log: FastifyBaseLogger;
  moderation: ModerationService;
  queue: ModerationQueue;
  audit: AuditLog;
  notify: (userId: string, input: NotificationInput) => void;
}) {
  const support = new SupportService(deps);
  const removal = new RemovalService({ ...deps, publicUrl: deps.config.publicUrl });
  return { services: { support, removal }, routes: supportRoutes({ support, removal, rateLimiter: deps.rateLimiter }) };
}
