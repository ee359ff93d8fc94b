// Single-use, expiring e-mail tokens (verification and password reset), stored hashed.
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { emailTokens } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashOpaqueToken, newOpaqueToken } from './opaque-token.ts';

export type EmailTokenPurpose = 'verify_email' | 'password_reset';

export const EMAIL_TOKEN_TTL_MS: Record<EmailTokenPurpose, number> = {
  verify_email: 24 * 3600 * 1000,
  password_reset: 3600 * 1000,
};

export class EmailTokensService {
  constructor(private readonly db: Db) {}

  /** Issues a new token; earlier unused tokens of the same purpose stop working. */
  async issue(userId: string, purpose: EmailTokenPurpose, email: string): Promise<string> {
    const { token, hash } = newOpaqueToken();
    await this.db.transaction(async (tx) => {
      await tx
        .update(emailTokens)
        .set({ usedAt: new Date() })
        .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt)));
      await tx
        .insert(emailTokens)
        .values({ userId, purpose, email, tokenHash: hash, expiresAt: new Date(Date.now() + EMAIL_TOKEN_TTL_MS[purpose]) });
    });
    return token;
  }

  /** Marks the token used and returns whose it was; a used, expired or unknown token is a 400. */
  async consume(token: string, purpose: EmailTokenPurpose): Promise<{ userId: string; email: string }> {
    const [row] = await this.db
      .update(emailTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(emailTokens.tokenHash, hashOpaqueToken(token)),
          eq(emailTokens.purpose, purpose),
          isNull(emailTokens.usedAt),
          gt(emailTokens.expiresAt, new Date()),
        ),
      )
      .returning({ userId: emailTokens.userId, email: emailTokens.email });
    if (!row) {
      throw AppError.badRequest(
        purpose === 'verify_email'
          ? 'This verification link is invalid, expired or already used. Request a new one.'
          : 'This reset link is invalid, expired or already used. Request a new one.',
      );
    }
    return row;
  }
}
