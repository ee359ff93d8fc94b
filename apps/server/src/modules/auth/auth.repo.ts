import { and, eq, gt, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { reusable, statementName } from '../../db/prepared.ts';
import { emailTokens, refreshTokens } from '../../db/schema/index.ts';

export type RefreshTokenRow = typeof refreshTokens.$inferSelect;
export type EmailTokenPurpose = (typeof emailTokens.$inferSelect)['purpose'];

/** Refresh tokens (stored hashed); a family is one sign-in's chain of rotated tokens. */
export class SessionsRepo {
  constructor(private readonly db: DbOrTx) {}

  async insert(values: { userId: string; familyId: string; tokenHash: string; expiresAt: Date; userAgent?: string }): Promise<void> {
    await this.db.insert(refreshTokens).values(values);
  }

  /** Locks the row for the rest of the transaction, so two rotations of one token cannot both succeed. */
  async findByHashForUpdate(tokenHash: string): Promise<RefreshTokenRow | undefined> {
    const [row] = await this.db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash)).for('update');
    return row;
  }

  async familyOf(tokenHash: string): Promise<string | undefined> {
    const [row] = await this.db
      .select({ familyId: refreshTokens.familyId })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, tokenHash));
    return row?.familyId;
  }

  async markUsed(id: string): Promise<void> {
    await this.db.update(refreshTokens).set({ usedAt: new Date() }).where(eq(refreshTokens.id, id));
  }

  async revokeFamily(familyId: string): Promise<void> {
    await this.db
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
  }

  /** Revokes every open session of a user (but one, if given); returns the revoked families. */
  async revokeAllForUser(userId: string, exceptFamilyId?: string): Promise<string[]> {
    const open = and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt));
    const rows = await this.db
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(exceptFamilyId ? and(open, ne(refreshTokens.familyId, exceptFamilyId)) : open)
      .returning({ familyId: refreshTokens.familyId });
    return [...new Set(rows.map((r) => r.familyId))];
  }

  /** Whether a session (family) still has an unrevoked, unexpired token: one lookup on the family index. */
  async isFamilyActive(familyId: string): Promise<boolean> {
    // Prepared once: asked on authenticated requests whenever the session status caches have no answer.
    const query = reusable(this.db, 'sessions_family_active', () =>
      this.db
        .select({ id: refreshTokens.id })
        .from(refreshTokens)
        .where(familyActive(sql.placeholder('familyId')))
        .limit(1)
        .prepare(statementName('sessions_family_active')),
    );
    const [row] = await query.execute({ familyId });
    return row !== undefined;
  }
}

/** A refresh token that keeps its session (family) signed in: not revoked, not expired. */
function familyActive(familyId: SQL | ReturnType<typeof sql.placeholder>) {
  return and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt), gt(refreshTokens.expiresAt, sql`now()`))!;
}

export interface ConsumedEmailToken {
  userId: string;
  /** The address the link was sent to. */
  email: string;
  previousUsername: string | null;
  createdAt: Date;
}

const open = () => and(isNull(emailTokens.usedAt), isNull(emailTokens.supersededAt));

/** Single-use e-mail tokens (verification, password reset, undoing an e-mail change), stored hashed. */
export class EmailTokensRepo {
  constructor(private readonly db: DbOrTx) {}

  /** Marks every open token of this purpose superseded (a newer link was sent). */
  async supersedeOpen(userId: string, purpose: EmailTokenPurpose): Promise<void> {
    await this.db
      .update(emailTokens)
      .set({ supersededAt: new Date() })
      .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), open()));
  }

  /** Cancels open tokens of this purpose (created after `after`, if given): they answer like used ones. */
  async cancelOpen(userId: string, purpose: EmailTokenPurpose, after?: Date): Promise<void> {
    const mine = and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), open());
    await this.db
      .update(emailTokens)
      .set({ usedAt: new Date() })
      .where(after ? and(mine, gt(emailTokens.createdAt, after)) : mine);
  }

  async insert(values: {
    userId: string;
    purpose: EmailTokenPurpose;
    email: string;
    previousUsername?: string;
    tokenHash: string;
    expiresAt: Date;
  }): Promise<void> {
    await this.db.insert(emailTokens).values(values);
  }

  /** Marks an open, unexpired token used in one statement; undefined when there is none. */
  async consume(tokenHash: string, purpose: EmailTokenPurpose): Promise<ConsumedEmailToken | undefined> {
    const [row] = await this.db
      .update(emailTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(emailTokens.tokenHash, tokenHash), eq(emailTokens.purpose, purpose), open(), gt(emailTokens.expiresAt, new Date())))
      .returning({
        userId: emailTokens.userId,
        email: emailTokens.email,
        previousUsername: emailTokens.previousUsername,
        createdAt: emailTokens.createdAt,
      });
    return row;
  }

  /** Why a token cannot be used: only "superseded" is told apart (the browser says so); the rest is one answer. */
  async isSuperseded(tokenHash: string, purpose: EmailTokenPurpose): Promise<boolean> {
    const [row] = await this.db
      .select({ supersededAt: emailTokens.supersededAt, usedAt: emailTokens.usedAt })
      .from(emailTokens)
      .where(and(eq(emailTokens.tokenHash, tokenHash), eq(emailTokens.purpose, purpose)));
    return !!row?.supersededAt && !row.usedAt;
  }
}
