import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
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

  async revokeAllForUser(userId: string, exceptFamilyId?: string): Promise<void> {
    const open = and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt));
    await this.db
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(exceptFamilyId ? and(open, ne(refreshTokens.familyId, exceptFamilyId)) : open);
  }
}

/** Single-use e-mail tokens (verification, password reset), stored hashed. */
export class EmailTokensRepo {
  constructor(private readonly db: DbOrTx) {}

  /** Marks every unused token of this purpose used, so only the newest link works. */
  async retireOpen(userId: string, purpose: EmailTokenPurpose): Promise<void> {
    await this.db
      .update(emailTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt)));
  }

  async insert(values: { userId: string; purpose: EmailTokenPurpose; email: string; tokenHash: string; expiresAt: Date }): Promise<void> {
    await this.db.insert(emailTokens).values(values);
  }

  /** Marks an unused, unexpired token used in one statement; undefined when there is none. */
  async consume(tokenHash: string, purpose: EmailTokenPurpose): Promise<{ userId: string; email: string } | undefined> {
    const [row] = await this.db
      .update(emailTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(emailTokens.tokenHash, tokenHash),
          eq(emailTokens.purpose, purpose),
          isNull(emailTokens.usedAt),
          gt(emailTokens.expiresAt, new Date()),
        ),
      )
      .returning({ userId: emailTokens.userId, email: emailTokens.email });
    return row;
  }
}
