// Refresh tokens: opaque, stored hashed, rotated on every use. Presenting a token that was already rotated
// or revoked is treated as theft: the whole family (that sign-in's chain) is revoked.
import { randomUUID } from 'node:crypto';
import { INVALID_TOKEN_MESSAGE } from '@reverie/shared';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import { AppError } from '../../lib/app-error.ts';
import type { UsersRepo } from '../users/users.repo.ts';
import type { AccessTokens } from './access-tokens.ts';
import { AccountSuspendedError, type AccountGate } from './account-gate.ts';
import type { SessionsRepo } from './auth.repo.ts';
import { hashOpaqueToken, newOpaqueToken } from './opaque-token.ts';
import type { SessionStatusCache } from './session-status.ts';

export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 3600 * 1000;

export interface TokenPair {
  accessToken: string;
  refreshToken: string;
}

type SessionUser = { id: string; role: 'user' | 'moderator' | 'admin'; suspendedAt?: Date | null };

const invalidRefresh = () => new AppError(401, 'INVALID_TOKEN', INVALID_TOKEN_MESSAGE);

export class SessionsService {
  constructor(
    private readonly uow: UnitOfWork<{ sessions: SessionsRepo; users: UsersRepo }>,
    private readonly accessTokens: AccessTokens,
    private readonly status: SessionStatusCache,
    private readonly gate: AccountGate,
  ) {}

  /** Whether the session an access token names is still signed in (cached; see session-status.ts). */
  isActive(familyId: string): Promise<boolean> {
    return this.status.isActive(familyId);
  }

  /** Starts a new session (a new family) for a user who just proved who they are. */
  async start(user: SessionUser, userAgent?: string): Promise<TokenPair> {
    // Callers admit the account first (AccountGate); this is the last line against a suspended one.
    if (user.suspendedAt) throw new AccountSuspendedError();
    const familyId = randomUUID();
    const refreshToken = await this.storeRefreshToken(this.uow.repos.sessions, user.id, familyId, userAgent);
    return { accessToken: await this.signAccess(user, familyId), refreshToken };
  }

  async rotate(refreshToken: string, userAgent?: string): Promise<TokenPair> {
    const outcome = await this.uow.run(async ({ sessions, users }) => {
      const row = await sessions.findByHashForUpdate(hashOpaqueToken(refreshToken));
      if (!row) return { kind: 'invalid' as const };
      // Reuse of a spent token: someone else may hold the newer one. The family is revoked below,
      // outside this transaction, so throwing cannot roll the revocation back.
      if (row.usedAt || row.revokedAt) return { kind: 'reused' as const, familyId: row.familyId };
      if (row.expiresAt.getTime() <= Date.now()) return { kind: 'invalid' as const };
      await sessions.markUsed(row.id);
      const found = await users.findById(row.userId);
      if (!found) return { kind: 'invalid' as const };
      // A suspended account gets no new tokens; a configured admin gets the role with the next token.
      const user = await this.gate.admit(found);
      const next = await this.storeRefreshToken(sessions, user.id, row.familyId, userAgent);
      return { kind: 'ok' as const, user, familyId: row.familyId, refreshToken: next };
    });
    if (outcome.kind === 'reused') await this.revokeFamily(outcome.familyId);
    if (outcome.kind !== 'ok') throw invalidRefresh();
    return { accessToken: await this.signAccess(outcome.user, outcome.familyId), refreshToken: outcome.refreshToken };
  }

  /** Revokes the family a refresh token belongs to (logout). Unknown tokens are ignored. */
  async revokeByToken(refreshToken: string): Promise<void> {
    const familyId = await this.uow.repos.sessions.familyOf(hashOpaqueToken(refreshToken));
    if (familyId) await this.revokeFamily(familyId);
  }

  async revokeFamily(familyId: string): Promise<void> {
    await this.uow.repos.sessions.revokeFamily(familyId);
    await this.status.revoked([familyId]);
  }

  /** Revokes every session of a user, except one family if given (password change keeps the current session). */
  async revokeAllForUser(userId: string, exceptFamilyId?: string): Promise<void> {
    await this.status.revoked(await this.uow.repos.sessions.revokeAllForUser(userId, exceptFamilyId));
  }

  private async storeRefreshToken(sessions: SessionsRepo, userId: string, familyId: string, userAgent?: string): Promise<string> {
    const { token, hash } = newOpaqueToken();
    await sessions.insert({
      userId,
      familyId,
      tokenHash: hash,
      expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_MS),
      userAgent: userAgent?.slice(0, 300),
    });
    return token;
  }

  private signAccess(user: SessionUser, familyId: string): Promise<string> {
    return this.accessTokens.sign({ userId: user.id, role: user.role, sessionId: familyId });
  }
}
