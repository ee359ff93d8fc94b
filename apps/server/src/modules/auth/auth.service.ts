// Account life cycle: registration, sign-in, e-mail verification, password reset and Google sign-in.
import { randomBytes } from 'node:crypto';
import { THIRD_PARTY_SIGNUP_COINS } from '@reverie/shared';
import type { AuthResponse } from '@reverie/shared';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import type { Mailer } from '../../providers/mail/mailer.ts';
import { passwordResetEmail, verificationEmail } from '../../providers/mail/templates.ts';
import type { LedgerService } from '../billing/ledger.service.ts';
import { toUser } from '../users/users.mapper.ts';
import { uniqueViolationField, type UsersRepo } from '../users/users.repo.ts';
import type { EmailTokensService } from './email-tokens.service.ts';
import type { GoogleProfile, GoogleSignIn } from './google.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { AUTH_LIMITS } from './rate-limits.ts';
import type { SessionsService } from './sessions.service.ts';

export const EMAIL_NOT_VERIFIED_MESSAGE = 'Please verify your email address before signing in. Check your inbox for the verification link.';

export class EmailNotVerifiedError extends AppError {
  constructor(readonly email: string) {
    super(403, 'EMAIL_NOT_VERIFIED', EMAIL_NOT_VERIFIED_MESSAGE);
  }
}

export interface AuthDeps {
  db: Db;
  config: Config;
  users: UsersRepo;
  sessions: SessionsService;
  emailTokens: EmailTokensService;
  mailer: Mailer;
  ledger: LedgerService;
  google: GoogleSignIn;
  rateLimiter: RateLimiter;
}

export class AuthService {
  constructor(private readonly d: AuthDeps) {}

  async register(input: { email: string; username: string; password: string }, userAgent?: string): Promise<AuthResponse> {
    if (await this.d.users.findByEmail(input.email)) throw AppError.conflict('An account with this email already exists');
    if (await this.d.users.findByUsername(input.username)) throw AppError.conflict('This username is already taken');
    let row: UserRow;
    try {
      row = await this.d.users.create({ email: input.email, username: input.username, passwordHash: await hashPassword(input.password) });
    } catch (err) {
      const field = uniqueViolationField(err);
      if (field === 'email') throw AppError.conflict('An account with this email already exists');
      if (field === 'username') throw AppError.conflict('This username is already taken');
      throw err;
    }
    await this.sendVerification(row);
    const tokens = await this.d.sessions.start(row, userAgent);
    return { ...tokens, user: toUser(row), requiresEmailVerification: this.d.config.requireEmailVerification };
  }

  async login(input: { emailOrUsername: string; password: string }, client: { ip: string; userAgent?: string }): Promise<AuthResponse> {
    const row = await this.d.users.findByEmailOrUsername(input.emailOrUsername);
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
    const tokens = await this.d.sessions.start(row, client.userAgent);
    return { ...tokens, user: toUser(row) };
  }

  async verifyEmail(token: string): Promise<UserRow> {
    const { userId, email } = await this.d.emailTokens.consume(token, 'verify_email');
    const row = await this.d.users.findById(userId);
    // A later e-mail change makes links for the old address worthless.
    if (!row || row.email.toLowerCase() !== email.toLowerCase()) {
      throw AppError.badRequest('This verification link is for an e-mail address that is no longer on the account.');
    }
    return (await this.d.users.update(userId, { emailVerifiedAt: row.emailVerifiedAt ?? new Date() }))!;
  }

  /** Always answers the same way, so it cannot be used to find out which addresses have accounts. */
  async resendVerification(email: string): Promise<{ success: true; message: string }> {
    const row = await this.d.users.findByEmail(email);
    if (row && !row.emailVerifiedAt) await this.sendVerification(row);
    return { success: true, message: 'If that address belongs to an unverified account, a new verification email is on its way.' };
  }

  async requestPasswordReset(email: string): Promise<{ success: true; message: string }> {
    const row = await this.d.users.findByEmail(email);
    if (row) {
      const token = await this.d.emailTokens.issue(row.id, 'password_reset', row.email);
      const link = `${this.d.config.publicUrl}/settings?resetToken=${encodeURIComponent(token)}`;
      await this.d.mailer.send(passwordResetEmail(row.email, row.username, link));
    }
    return { success: true, message: 'If an account exists for that email, a password reset link is on its way.' };
  }

  async confirmPasswordReset(token: string, password: string): Promise<void> {
    const { userId } = await this.d.emailTokens.consume(token, 'password_reset');
    // Following the link proves the mailbox, so the address counts as verified too.
    const row = await this.d.users.findById(userId);
    await this.d.users.update(userId, { passwordHash: await hashPassword(password), emailVerifiedAt: row?.emailVerifiedAt ?? new Date() });
    await this.d.sessions.revokeAllForUser(userId);
  }

  async changePassword(userId: string, sessionId: string, current: string, next: string): Promise<void> {
    const row = await this.d.users.findById(userId);
    if (!row) throw AppError.notFound('User');
    if (row.passwordHash && !(await verifyPassword(row.passwordHash, current))) {
      throw AppError.badRequest('Current password is incorrect');
    }
    await this.d.users.update(userId, { passwordHash: await hashPassword(next) });
    await this.d.sessions.revokeAllForUser(userId, sessionId);
  }

  async googleSignIn(profile: GoogleProfile, userAgent?: string): Promise<AuthResponse> {
    let row = await this.d.users.findByGoogleSub(profile.sub);
    let isNewUser = false;
    if (!row) {
      const byEmail = await this.d.users.findByEmail(profile.email);
      if (byEmail) {
        // Link only when Google vouches for the address; otherwise anyone could claim an e-mail account.
        if (!profile.emailVerified) throw AppError.conflict('An account with this email already exists. Sign in with your password.');
        row = (await this.d.users.update(byEmail.id, { googleSub: profile.sub, emailVerifiedAt: byEmail.emailVerifiedAt ?? new Date() }))!;
      } else {
        row = await this.createGoogleUser(profile);
        isNewUser = true;
      }
    }
    const tokens = await this.d.sessions.start(row, userAgent);
    const fresh = (await this.d.users.findById(row.id))!;
    return { ...tokens, user: toUser(fresh), isNewUser };
  }

  async addCoins(userId: string, amount: number, idempotencyKey: string): Promise<number> {
    if (this.d.config.paymentsMode !== 'sandbox') {
      throw AppError.forbidden('Adding free coins is only available in sandbox mode. Buy coins on the Coins page.');
    }
    const { balance } = await this.d.ledger.credit({
      userId,
      amount,
      reason: 'sandbox_top_up',
      idempotencyKey: `add-coins:${userId}:${idempotencyKey}`,
    });
    return balance;
  }

  async sendVerification(row: UserRow): Promise<void> {
    const token = await this.d.emailTokens.issue(row.id, 'verify_email', row.email);
    const link = `${this.d.config.publicUrl}/verify-email?token=${encodeURIComponent(token)}`;
    await this.d.mailer.send(verificationEmail(row.email, row.username, link));
  }

  private async createGoogleUser(profile: GoogleProfile): Promise<UserRow> {
    const base = (profile.name ?? profile.email.split('@')[0] ?? 'user').replace(/[^A-Za-z0-9_.-]+/g, '').slice(0, 20) || 'user';
    // Pick a free username before the transaction: on PGlite, queries outside an open transaction would wait for it.
    let username = base.length >= 3 ? base : `${base}user`;
    for (let i = 0; i < 5 && (await this.d.users.findByUsername(username)); i++) {
      username = `${base.slice(0, 20)}${randomBytes(3).toString('hex')}`;
    }
    return this.d.db.transaction(async (tx) => {
      const row = await this.d.users.create(
        {
          email: profile.email,
          username,
          googleSub: profile.sub,
          avatarUrl: profile.picture ?? null,
          emailVerifiedAt: profile.emailVerified ? new Date() : null,
        },
        tx,
      );
      // The welcome coins go through the ledger in the same transaction as the account.
      await this.d.ledger.credit(
        {
          userId: row.id,
          amount: THIRD_PARTY_SIGNUP_COINS,
          reason: 'signup_bonus',
          reference: 'google',
          idempotencyKey: `signup-bonus:${row.id}`,
        },
        tx,
      );
      return row;
    });
  }
}
