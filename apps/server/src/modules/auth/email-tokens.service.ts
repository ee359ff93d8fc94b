// Single-use, expiring e-mail tokens, stored hashed and bound to the address they were sent to.
import { TOKEN_SUPERSEDED_MESSAGE } from '@reverie/shared';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ConsumedEmailToken, EmailTokenPurpose, EmailTokensRepo } from './auth.repo.ts';
import { hashOpaqueToken, newOpaqueToken } from './opaque-token.ts';

export type { EmailTokenPurpose };

export const EMAIL_TOKEN_TTL_MS: Record<EmailTokenPurpose, number> = {
  verify_email: 24 * 3600 * 1000,
  password_reset: 3600 * 1000,
  email_change_revert: 7 * 24 * 3600 * 1000,
  /** Issued with the account's deletion delay instead (the link works until the erasure). */
  account_restore: 7 * 24 * 3600 * 1000,
};

const INVALID_MESSAGE: Record<EmailTokenPurpose, string> = {
  verify_email: 'This verification link is invalid, expired or already used. Request a new one.',
  password_reset: 'This reset link is invalid, expired or already used. Request a new one.',
  email_change_revert: 'This link is invalid, expired or already used. If someone changed your account, reset your password.',
  account_restore: 'This link is invalid, expired or already used. An account can be kept only before its deletion date.',
};

export class EmailTokensService {
  constructor(private readonly uow: UnitOfWork<{ emailTokens: EmailTokensRepo }>) {}

  /**
   * Issues a new token for `email`. A new verification or reset link supersedes the open ones of its purpose; undo
   * links do not (each change's undo link must keep working, or a second change would silence the first).
   */
  async issue(
    userId: string,
    purpose: EmailTokenPurpose,
    email: string,
    extra: { previousUsername?: string; ttlMs?: number } = {},
  ): Promise<string> {
    const { token, hash } = newOpaqueToken();
    await this.uow.run(async ({ emailTokens }) => {
      if (purpose !== 'email_change_revert' && purpose !== 'account_restore') await emailTokens.supersedeOpen(userId, purpose);
      await emailTokens.insert({
        userId,
        purpose,
        email,
        previousUsername: extra.previousUsername,
        tokenHash: hash,
        expiresAt: new Date(Date.now() + (extra.ttlMs ?? EMAIL_TOKEN_TTL_MS[purpose])),
      });
    });
    return token;
  }

  /** Marks the token used and returns it; superseded → 400 TOKEN_SUPERSEDED, used/expired/unknown → 400. */
  async consume(token: string, purpose: EmailTokenPurpose): Promise<ConsumedEmailToken> {
    const hash = hashOpaqueToken(token);
    const row = await this.uow.repos.emailTokens.consume(hash, purpose);
    if (row) return row;
    if (await this.uow.repos.emailTokens.isSuperseded(hash, purpose)) throw new AppError(400, 'TOKEN_SUPERSEDED', TOKEN_SUPERSEDED_MESSAGE);
    throw AppError.badRequest(INVALID_MESSAGE[purpose]);
  }

  /** Cancels open links of a purpose (a password change cancels reset links); `after` limits it to newer ones. */
  cancelOpen(userId: string, purpose: EmailTokenPurpose, after?: Date): Promise<void> {
    return this.uow.repos.emailTokens.cancelOpen(userId, purpose, after);
  }
}
