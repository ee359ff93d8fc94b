import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import type { LedgerService } from '../billing/ledger.service.ts';
import type { AuditRepo } from '../moderation/audit.repo.ts';
import type { AuditLog } from '../moderation/audit.service.ts';
import type { ModerationRepo } from '../moderation/moderation.repo.ts';
import type { CrisisProtocol } from '../moderation/crisis.service.ts';
import type { ModerationQueue } from '../moderation/queue.service.ts';
import type { SubjectsRepo } from '../moderation/subjects.repo.ts';
import type { SubjectRegistry } from '../moderation/subjects.ts';
import type { NotificationInput } from '../notifications/notifications.service.ts';
import type { RemovalService } from '../support/removal.service.ts';
import type { SupportRepo } from '../support/support.repo.ts';
import type { SupportService } from '../support/support.service.ts';
import type { UsersRepo } from '../users/users.repo.ts';
import { ActionsService } from './actions.service.ts';
import { adminRoutes } from './admin.routes.ts';
import { ConsoleService } from './console.service.ts';
import { StaffGate } from './staff.ts';

/** The admin console's API (/api/admin/…): it owns no table; it composes moderation, support, billing and auth. */
export function createAdminModule(deps: {
  uow: UnitOfWork<{ users: UsersRepo; moderation: ModerationRepo; subjects: SubjectsRepo; support: SupportRepo; audit: AuditRepo }>;
  rateLimiter: RateLimiter;
  subjects: SubjectRegistry;
  audit: AuditLog;
  queue: ModerationQueue;
  support: SupportService;
  removal: RemovalService;
  crisis: CrisisProtocol;
  ledger: LedgerService;
  notify: (userId: string, input: NotificationInput) => void;
  sessions: { revokeAllForUser(userId: string): Promise<void> };
  endStreams: (userId: string) => Promise<void>;
  charactersChanged?: () => Promise<void>;
}) {
  const gate = new StaffGate(deps.uow, deps.rateLimiter);
  const console = new ConsoleService(deps);
  const actions = new ActionsService(deps);
  return {
    services: { console, actions, gate },
    routes: adminRoutes({ gate, console, actions, queue: deps.queue, support: deps.support, removal: deps.removal, crisis: deps.crisis }),
  };
}
