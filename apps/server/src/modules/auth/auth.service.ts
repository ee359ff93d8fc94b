// Account life cycle: registration, sign-in, e-mail verification, password reset, Google sign-in, and the
// identity fields of the account (username, e-mail, password). Returns rows and tokens; auth.mapper makes wire shapes.
import { randomBytes } from 'node:crypto';
import { THIRD_PARTY_SIGNUP_COINS } from '@reverie/shared';
import type { Config } from '../../config.ts';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import { AppError } from '../../lib/app-error.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import type { GoogleProfile, GoogleSignIn } from '../../providers/google/index.ts';
import type { Mailer } from '../../providers/mail/index.ts';
import { passwordResetEmail, verificationEmail } from '../../providers/mail/templates.ts';
import type { LedgerService } from '../billing/billing.service.ts';
import { uniqueViolationField, type UserRow, type UsersRepo } from '../users/users.repo.ts';
import type { EmailTokensService } from './email-tokens.service.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { AUTH_LIMITS } from './rate-limits.ts';
import type { SessionsService, TokenPair } from './sessions.service.ts';

export const EMAIL_NOT_VERIFIED_MESSAGE = 'Please verify your email address before signing in. Check your inbox for the verification link.';

/** 403 on login; the browser reads `requiresEmailVerification` and `email` at the top level (SPEC §4). */
export class EmailNotVerifiedError extends AppError {
  constructor(readonly email: string) {
    const facts = { requiresEmailVerification: true, email };
    super(403, 'EMAIL_NOT_VERIFIED', EMAIL_NOT_VERIFIED_MESSAGE, { details: facts, topLevel: facts });
  }
}

/** A signed-in result: the new session's tokens and the account. */
export interface SignedIn {
  tokens: TokenPair;
  user: UserRow;
}

export interface AuthDeps {
  config: Pick<Config, 'publicUrl' | 'requireEmailVerification'>;
  uow: UnitOfWork<{ users: UsersRepo }>;
  sessions: SessionsService;
  emailTokens: EmailTokensService;
  mailer: Mailer;
  google: GoogleSignIn;
  ledger: LedgerService;
  rateLimiter: RateLimiter;
}

const emailTaken = () => AppError.conflict('An account with this email already exists');
const usernameTaken = () => AppError.conflict('This username is already taken');

/** Turns a unique violation the pre-checks missed (a race) into the same 409 they give. */
function rethrowUnique(err: unknown): never {
  const field = uniqueViolationField(err);
  if (field === 'email') throw emailTaken();
  if (field === 'username') throw usernameTaken();
  throw err;
}

export class AuthService {
  constructor(private readonly d: AuthDeps) {}

  private get users() {
    return this.d.uow.repos.users;
  }

  async register(input: { email: string; username: string; password: string }, userAgent?: string): Promise<SignedIn> {
    if (await this.users.findByEmail(input.email)) throw emailTaken();
    if (await this.users.findByUsername(input.username)) throw usernameTaken();
    const passwordHash = await hashPassword(input.password);
    const user = await this.users.create({ email: input.email, username: input.username, passwordHash }).catch(rethrowUnique);
    await this.sendVerification(user);
    return { tokens: await this.d.sessions.start(user, userAgent), user };
  }

  async login(input: { emailOrUsername: string; password: string }, client: { ip: string; userAgent?: string }): Promise<SignedIn> {
    const row = await this.users.findByEmailOrUsername(input.emailOrUsername);
    // Per-account limit keyed by the account itself, so guessing via username and via e-mail share one budget.
    await this.d.rateLimiter.consume([
      { rule: AUTH_LIMITS.loginIp, key: client.ip },
      { rule: AUTH_LIMITS.loginAccount, key: row?.id ?? input.emailOrUsername.trim() },
    ]);
    const ok = await verifyPassword(row?.passwordHash, input.password);
    if (!row || !ok) {
      if (row && !row.passwordHash && row.googleSub) {
        throw new AppError(401, 'UNAUTHORIZED', 'This account signs in with Google. Use "Continue with Google".');
      }
      throw new AppError(401, 'UNAUTHORIZED', 'Invalid email/username or password');
    }
    if (this.d.config.requireEmailVerification && !row.emailVerifiedAt) throw new EmailNotVerifiedError(row.email);
    return { tokens: await this.d.sessions.start(row, client.userAgent), user: row };
  }

  /** The signed-in account; a token for a deleted account is as good as expired. */
  async me(userId: string): Promise<UserRow> {
    const row = await this.users.findById(userId);
    if (!row) throw new AppError(401, 'INVALID_TOKEN', 'Invalid or expired token');
    return row;
  }

  async updateProfile(userId: string, patch: { username?: string; email?: string; bio?: string | null }): Promise<UserRow> {
    const current = await this.users.findById(userId);
    if (!current) throw AppError.notFound('User');
    const emailChanged = patch.email !== undefined && patch.email.toLowerCase() !== current.email.toLowerCase();
    if (patch.username && patch.username.toLowerCase() !== current.username.toLowerCase()) {
      if (await this.users.findByUsername(patch.username)) throw usernameTaken();
    }
    if (emailChanged && (await this.users.findByEmail(patch.email!))) throw emailTaken();
    const row = await this.users
      .update(userId, {
        ...(patch.username !== undefined ? { username: patch.username } : {}),
        ...(patch.bio !== undefined ? { bio: patch.bio || null } : {}),
        ...(emailChanged ? { email: patch.email, emailVerifiedAt: null } : {}),
      })
      .catch(rethrowUnique);
    if (!row) throw AppError.notFound('User');
    // A new address must be proven again.
    if (emailChanged) await this.sendVerification(row);
    return row;
  }

  async verifyEmail(token: string): Promise<UserRow> {
    const { userId, email } = await this.d.emailTokens.consume(token, 'verify_email');
    const row = await this.users.findById(userId);
    // A later e-mail change makes links for the old address worthless.
    if (!row || row.email.toLowerCase() !== email.toLowerCase()) {
      throw AppError.badRequest('This verification link is for an e-mail address that is no longer on the account.');
    }
    return (await this.users.update(userId, { emailVerifiedAt: row.emailVerifiedAt ?? new Date() }))!;
  }

  /** Always answers the same way, so it cannot be used to find out which addresses have accounts. */
  async resendVerification(email: string): Promise<void> {
    const row = await this.users.findByEmail(email);
    if (row && !row.emailVerifiedAt) await this.sendVerification(row);
  }

  /** Always answers the same way (see resendVerification). */
  async requestPasswordReset(email: string): Promise<void> {
    const row = await this.users.findByEmail(email);
    if (!row) return;
    const token = await this.d.emailTokens.issue(row.id, 'password_reset', row.email);
    const link = `${this.d.config.publicUrl}/settings?resetToken=${encodeURIComponent(token)}`;
    await this.d.mailer.send(passwordResetEmail(row.email, row.username, link));
  }

  async confirmPasswordReset(token: string, password: string): Promise<void> {
    const { userId } = await this.d.emailTokens.consume(token, 'password_reset');
    // Following the link proves the mailbox, so the address counts as verified too.
    const row = await this.users.findById(userId);
    await this.users.update(userId, { passwordHash: await hashPassword(password), emailVerifiedAt: row?.emailVerifiedAt ?? new Date() });
    await this.d.sessions.revokeAllForUser(userId);
  }

  /**
   * Changes the password and signs out the other sessions. An account without a password (created with Google)
   * sets its first one without a current password; every other account must prove the current one.
   */
  async changePassword(userId: string, sessionId: string, current: string | undefined, next: string): Promise<void> {
    const row = await this.users.findById(userId);
    if (!row) throw AppError.notFound('User');
    if (row.passwordHash) {
      if (!current) throw new AppError(400, 'VALIDATION_FAILED', 'currentPassword: Current password is required');
      if (!(await verifyPassword(row.passwordHash, current))) throw AppError.badRequest('Current password is incorrect');
    }
    await this.users.update(userId, { passwordHash: await hashPassword(next) });
    await this.d.sessions.revokeAllForUser(userId, sessionId);
  }

  async googleSignInWithIdToken(idToken: string, userAgent?: string) {
    return this.googleSignIn(await this.d.google.verifyIdToken(idToken), userAgent);
  }

  async googleSignInWithCode(code: string, userAgent?: string) {
    return this.googleSignIn(await this.d.google.exchangeCode(code), userAgent);
  }

  async sendVerification(row: UserRow): Promise<void> {
    const token = await this.d.emailTokens.issue(row.id, 'verify_email', row.email);
    const link = `${this.d.config.publicUrl}/verify-email?token=${encodeURIComponent(token)}`;
    await this.d.mailer.send(verificationEmail(row.email, row.username, link));
  }

  private async googleSignIn(profile: GoogleProfile, userAgent?: string): Promise<SignedIn & { isNewUser: boolean }> {
    let row = await this.users.findByGoogleSub(profile.sub);
    let isNewUser = false;
    if (!row) {
      const byEmail = await this.users.findByEmail(profile.email);
      if (byEmail) {
        // Link only when Google vouches for the address; otherwise anyone could claim an e-mail account.
        if (!profile.emailVerified) throw AppError.conflict('An account with this email already exists. Sign in with your password.');
        row = (await this.users.update(byEmail.id, { googleSub: profile.sub, emailVerifiedAt: byEmail.emailVerifiedAt ?? new Date() }))!;
      } else {
        row = await this.createGoogleUser(profile);
        isNewUser = true;
      }
    }
    const tokens = await this.d.sessions.start(row, userAgent);
    // Re-read: the welcome coins landed after the row was created.
    const fresh = (await this.users.findById(row.id))!;
    return { tokens, user: fresh, isNewUser };
  }

  private async createGoogleUser(profile: GoogleProfile): Promise<UserRow> {
    const base = (profile.name ?? profile.email.split('@')[0] ?? 'user').replace(/[^A-Za-z0-9_.-]+/g, '').slice(0, 20) || 'user';
    let username = base.length >= 3 ? base : `${base}user`;
    for (let i = 0; i < 5 && (await this.users.findByUsername(username)); i++) {
      username = `${base.slice(0, 20)}${randomBytes(3).toString('hex')}`;
    }
    // The account and its welcome coins are one transaction: the ledger's own run joins this one.
    return this.d.uow.run(async ({ users }) => {
      const row = await users
        .create({
          email: profile.email,
          username,
          googleSub: profile.sub,
          avatarUrl: profile.picture ?? null,
          emailVerifiedAt: profile.emailVerified ? new Date() : null,
        })
        .catch(rethrowUnique);
      await this.d.ledger.credit({
        userId: row.id,
        amount: THIRD_PARTY_SIGNUP_COINS,
        reason: 'signup_bonus',
        reference: 'google',
        idempotencyKey: `signup-bonus:${row.id}`,
      });
      return row;
    });
  }
}
