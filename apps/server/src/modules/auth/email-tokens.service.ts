// Single-use, expiring e-mail tokens (verification and password reset), stored hashed.
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import { AppError } from '../../lib/app-error.ts';
import type { EmailTokenPurpose, EmailTokensRepo } from './auth.repo.ts';
import { hashOpaqueToken, newOpaqueToken } from './opaque-token.ts';

export type { EmailTokenPurpose };

export const EMAIL_TOKEN_TTL_MS: Record<EmailTokenPurpose, number> = {
  verify_email: 24 * 3600 * 1000,
  password_reset: 3600 * 1000,
};

export class EmailTokensService {
  constructor(private readonly uow: UnitOfWork<{ emailTokens: EmailTokensRepo }>) {}

  /** Issues a new token; earlier unused tokens of the same purpose stop working. */
  async issue(userId: string, purpose: EmailTokenPurpose, email: string): Promise<string> {
    const { token, hash } = newOpaqueToken();
    await this.uow.run(async ({ emailTokens }) => {
      await emailTokens.retireOpen(userId, purpose);
      await emailTokens.insert({ userId, purpose, email, tokenHash: hash, expiresAt: new Date(Date.now() + EMAIL_TOKEN_TTL_MS[purpose]) });
    });
    return token;
  }

  /** Marks the token used and returns whose it was; a used, expired or unknown token is a 400. */
  async consume(token: string, purpose: EmailTokenPurpose): Promise<{ userId: string; email: string }> {
    const row = await this.uow.repos.emailTokens.consume(hashOpaqueToken(token), purpose);
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
