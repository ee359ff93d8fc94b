// The gate of every /api/admin route: the role is read from the database on each request (a demoted moderator's
// token may still say otherwise for its last minutes), anyone who is not staff gets 403, and staff are rate-limited.
import type { FastifyRequest, onRequestHookHandler, preHandlerHookHandler } from 'fastify';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import { AppError } from '../../lib/app-error.ts';
import type { RateLimiter, RateLimitRule } from '../../lib/rate-limiter.ts';
import { authOf } from '../../plugins/authenticate.ts';
import type { StaffActor } from '../moderation/audit.service.ts';
import type { UsersRepo } from '../users/users.repo.ts';

export const ADMIN_LIMITS = {
  /** Per address, before anything is looked up (a flood of unauthenticated calls counts too). */
  ip: { name: 'admin:ip', limit: 600, windowMs: 60_000 },
  /** Per staff account: a person clicking through the console stays far below this. */
  staff: { name: 'admin:staff', limit: 300, windowMs: 60_000 },
} satisfies Record<string, RateLimitRule>;

export const NOT_STAFF = 'This area is for moderators and administrators.';
export const ADMINS_ONLY = 'Only administrators can do this.';

const staffOfRequest = new WeakMap<FastifyRequest, StaffActor>();

/** The staff member a request was admitted for (only inside routes guarded by `StaffGate.require`). */
export function staffOf(request: FastifyRequest): StaffActor {
  const s = staffOfRequest.get(request);
  if (!s) throw AppError.forbidden(NOT_STAFF);
  return s;
}

export class StaffGate {
  constructor(
    private readonly uow: UnitOfWork<{ users: UsersRepo }>,
    private readonly rateLimiter: RateLimiter,
  ) {}

  readonly perIp: onRequestHookHandler = async (request) => {
    await this.rateLimiter.consume([{ rule: ADMIN_LIMITS.ip, key: request.ip }]);
  };

  /** A preHandler admitting moderators and admins (or admins only). */
  require(level: 'moderator' | 'admin'): preHandlerHookHandler {
    return async (request) => {
      const { userId } = authOf(request);
      const row = await this.uow.repos.users.findById(userId);
      if (!row || row.suspendedAt || (row.role !== 'admin' && row.role !== 'moderator')) throw AppError.forbidden(NOT_STAFF);
      if (level === 'admin' && row.role !== 'admin') throw AppError.forbidden(ADMINS_ONLY);
      await this.rateLimiter.consume([{ rule: ADMIN_LIMITS.staff, key: userId }]);
      staffOfRequest.set(request, { userId, role: row.role, username: row.username });
    };
  }
}
