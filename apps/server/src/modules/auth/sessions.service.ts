// Refresh tokens: opaque, stored hashed, rotated on every use. Presenting a token that was already rotated
// or revoked is treated as theft: the whole family (that sign-in's chain) is revoked.
import { randomUUID } from 'node:crypto';
import { and, eq, isNull, ne } from 'drizzle-orm';
import { INVALID_TOKEN_MESSAGE } from '@reverie/shared';
import type { Db } from '../../db/client.ts';
import { refreshTokens, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AccessTokens } from './access-tokens.ts';
import { hashOpaqueToken, newOpaqueToken } from './opaque-token.ts';

export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 3600 * 1000;

export interface TokenPair {
  accessToken: string;
  refreshToken: string;
}

const invalidRefresh = () => new AppError(401, 'INVALID_TOKEN', INVALID_TOKEN_MESSAGE);

export class SessionsService {
  constructor(
    private readonly db: Db,
    private readonly accessTokens: AccessTokens,
  ) {}

  /** Starts a new session (a new family) for a user who just proved who they are. */
  async start(user: { id: string; role: 'user' | 'admin' }, userAgent?: string): Promise<TokenPair> {
    return this.issue(user, randomUUID(), userAgent);
  }

  async rotate(refreshToken: string, userAgent?: string): Promise<TokenPair> {
    const hash = hashOpaqueToken(refreshToken);
    const outcome = await this.db.transaction(async (tx) => {
      const [row] = await tx.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, hash)).for('update');
      if (!row) return { kind: 'invalid' as const };
      // Reuse of a spent token: someone else may hold the newer one. The family is revoked below,
      // outside this transaction, so throwing cannot roll the revocation back.
      if (row.usedAt || row.revokedAt) return { kind: 'reused' as const, familyId: row.familyId };
      if (row.expiresAt.getTime() <= Date.now()) return { kind: 'invalid' as const };
      await tx.update(refreshTokens).set({ usedAt: new Date() }).where(eq(refreshTokens.id, row.id));
      const [user] = await tx.select({ id: users.id, role: users.role }).from(users).where(eq(users.id, row.userId));
      if (!user) return { kind: 'invalid' as const };
      const { token, hash: newHash } = newOpaqueToken();
      await tx.insert(refreshTokens).values({
        userId: user.id,
        familyId: row.familyId,
        tokenHash: newHash,
        expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_MS),
        userAgent: userAgent?.slice(0, 300),
      });
      return { kind: 'ok' as const, user, familyId: row.familyId, refreshToken: token };
    });
    if (outcome.kind === 'reused') await this.revokeFamily(outcome.familyId);
    if (outcome.kind !== 'ok') throw invalidRefresh();
    const accessToken = await this.accessTokens.sign({ userId: outcome.user.id, role: outcome.user.role, sessionId: outcome.familyId });
    return { accessToken, refreshToken: outcome.refreshToken };
  }

  /** Revokes the family a refresh token belongs to (logout). Unknown tokens are ignored. */
  async revokeByToken(refreshToken: string): Promise<void> {
    const [row] = await this.db
      .select({ familyId: refreshTokens.familyId })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashOpaqueToken(refreshToken)));
    if (row) await this.revokeFamily(row.familyId);
  }

  async revokeFamily(familyId: string): Promise<void> {
    await this.db
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
  }

  /** Revokes every session of a user, except one family if given (password change keeps the current session). */
  async revokeAllForUser(userId: string, exceptFamilyId?: string): Promise<void> {
    const where = exceptFamilyId
      ? and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt), ne(refreshTokens.familyId, exceptFamilyId))
      : and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt));
    await this.db.update(refreshTokens).set({ revokedAt: new Date() }).where(where);
  }

  private async issue(user: { id: string; role: 'user' | 'admin' }, familyId: string, userAgent?: string): Promise<TokenPair> {
    const { token, hash } = newOpaqueToken();
    await this.db.insert(refreshTokens).values({
      userId: user.id,
      familyId,
      tokenHash: hash,
      expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_MS),
      userAgent: userAgent?.slice(0, 300),
    });
    return { accessToken: await this.accessTokens.sign({ userId: user.id, role: user.role, sessionId: familyId }), refreshToken: token };
  }
}
