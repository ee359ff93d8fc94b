// Account life cycle: registration, sign-in, e-mail verification, password reset, Google sign-in, and the
// identity fields of the account (username, e-mail, password). Returns rows and tokens; auth.mapper makes wire shapes.
import { randomBytes } from 'node:crypto';
import { THIRD_PARTY_SIGNUP_COINS } from '@reverie/shared';
import type { Config } from '../../config.ts';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import { AppError } from '../../lib/app-error.ts';
import type { BackgroundTasks } from '../../lib/background.ts';
import type { GoogleProfile, GoogleSignIn } from '../../providers/google/index.ts';
import type { Mailer } from '../../providers/mail/index.ts';
import { identityChangedEmail, passwordResetEmail, verificationEmail } from '../../providers/mail/templates.ts';
import type { LedgerService } from '../billing/ledger.service.ts';
import { uniqueViolationField, type UserRow, type UsersRepo } from '../users/users.repo.ts';
import type { CurrentUsers } from './current-users.ts';
import type { AccountGate } from './account-gate.ts';
import type { EmailTokensService } from './email-tokens.service.ts';
import type { LoginProtection } from './login-protection.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import type { SessionsService, TokenPair } from './sessions.service.ts';

export const EMAIL_NOT_VERIFIED_MESSAGE = 'Please verify your email address before signing in. Check your inbox for the verification link.';

/** 403 on login; the browser reads `requiresEmailVerification` and `email` at the top level (product.md §4). */
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
  loginProtection: LoginProtection;
  background: BackgroundTasks;
  /** Refuses suspended accounts, makes ADMIN_EMAILS admins. */
  gate: AccountGate;
  /** The signed-in users' rows kept in this process (current-users.ts): what `me` reads. */
  currentUsers: CurrentUsers;
}

/** What proves, on a change of e-mail or username, that the owner is at the keyboard (not a stolen token). */
export interface Reauthentication {
  currentPassword?: string;
  googleIdToken?: string;
  /** An authorization code from Google's popup code flow (what the browser has). */
  googleCode?: string;
}

/** A Google sign-in proves presence only if it is this recent. */
export const GOOGLE_REAUTH_MAX_AGE_S = 5 * 60;

// Sign-up tells which field is taken (the dialog must say what to fix): an accepted trade-off, since it reveals
// that an address has an account; the sign-up rate limit (10 an hour per IP) bounds how fast anyone can ask.
const emailTaken = () => new AppError(409, 'CONFLICT', 'An account with this email already exists', { details: { field: 'email' } });
const usernameTaken = () => new AppError(409, 'CONFLICT', 'This username is already taken', { details: { field: 'username' } });
const wrongAddress = () =>
  AppError.badRequest('This link was sent to an e-mail address that is no longer on the account. Request a new one.');

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
    // Keyed by the account itself, so guessing via username and via e-mail share one budget.
    const accountKey = row?.id ?? `unknown:${input.emailOrUsername.trim().toLowerCase()}`;
    await this.d.loginProtection.check(accountKey, client.ip);
    const ok = await verifyPassword(row?.passwordHash, input.password);
    if (!row || !ok) {
      await this.d.loginProtection.failed(accountKey, client.ip);
      if (row && !row.passwordHash && row.googleSub) {
        throw new AppError(401, 'UNAUTHORIZED', 'This account signs in with Google. Use "Continue with Google".');
      }
      throw new AppError(401, 'UNAUTHORIZED', 'Invalid email/username or password');
    }
    await this.d.loginProtection.succeeded(accountKey, client.ip);
    if (this.d.config.requireEmailVerification && !row.emailVerifiedAt) throw new EmailNotVerifiedError(row.email);
    const user = await this.d.gate.admit(row);
    return { tokens: await this.d.sessions.start(user, client.userAgent), user };
  }

  /** The signed-in account; a token for a deleted account is as good as expired. */
  async me(userId: string): Promise<UserRow> {
    const row = await this.d.currentUsers.get(userId);
    if (!row) throw new AppError(401, 'INVALID_TOKEN', 'Invalid or expired token');
    return row;
  }

  /**
   * Username, e-mail and bio. Changing username or e-mail needs proof that the owner is present (a stolen access
   * token alone must not be enough to take the account over), and the address on file before the change gets a
   * mail with a link that undoes it (see revertIdentityChange).
   */
  async updateProfile(
    userId: string,
    patch: { username?: string; email?: string; bio?: string | null },
    proof: Reauthentication = {},
  ): Promise<UserRow> {
    const current = await this.users.findById(userId);
    if (!current) throw AppError.notFound('User');
    const emailChanged = patch.email !== undefined && patch.email.toLowerCase() !== current.email.toLowerCase();
    const usernameChanged = patch.username !== undefined && patch.username !== current.username;
    if (emailChanged || usernameChanged) await this.requireOwnerPresent(current, proof);
    if (usernameChanged && patch.username!.toLowerCase() !== current.username.toLowerCase()) {
      if (await this.users.findByUsername(patch.username!)) throw usernameTaken();
    }
    if (emailChanged && (await this.users.findByEmail(patch.email!))) throw emailTaken();
    const row = await this.users
      .update(userId, {
        ...(usernameChanged ? { username: patch.username } : {}),
        ...(patch.bio !== undefined ? { bio: patch.bio || null } : {}),
        ...(emailChanged ? { email: patch.email, emailVerifiedAt: null } : {}),
      })
      .catch(rethrowUnique);
    if (!row) throw AppError.notFound('User');
    if (emailChanged || usernameChanged) {
      const token = await this.d.emailTokens.issue(userId, 'email_change_revert', current.email, { previousUsername: current.username });
      const link = `${this.d.config.publicUrl}/restore-account?token=${encodeURIComponent(token)}`;
      await this.d.mailer.send(
        identityChangedEmail(current.email, current.username, {
          newEmail: emailChanged ? row.email : undefined,
          newUsername: usernameChanged ? row.username : undefined,
          link,
        }),
      );
    }
    // A new address must be proven again.
    if (emailChanged) await this.sendVerification(row);
    return row;
  }

  /**
   * The undo link mailed to the previous address: restores that address (verified: the link proves the mailbox)
   * and the username, cancels links sent since, and signs out every session.
   */
  async revertIdentityChange(token: string, ip: string): Promise<void> {
    const t = await this.d.emailTokens.consume(token, 'email_change_revert');
    await this.d.uow.run(async ({ users }) => {
      const row = await users.findById(t.userId);
      if (!row) throw AppError.badRequest('This account no longer exists.');
      const other = await users.findByEmail(t.email);
      if (other && other.id !== row.id) {
        throw AppError.conflict(`Another account now uses ${t.email}, so it cannot be restored. Contact support.`);
      }
      const byName = t.previousUsername ? await users.findByUsername(t.previousUsername) : undefined;
      const username = t.previousUsername && (!byName || byName.id === row.id) ? t.previousUsername : row.username;
      await users.update(row.id, { email: t.email, emailVerifiedAt: new Date(), username }).catch(rethrowUnique);
      // Links sent for the replaced address, or after this change, must not undo the restore.
      await this.d.emailTokens.cancelOpen(row.id, 'password_reset');
      await this.d.emailTokens.cancelOpen(row.id, 'verify_email');
      await this.d.emailTokens.cancelOpen(row.id, 'email_change_revert', t.createdAt);
    });
    await this.d.sessions.revokeAllForUser(t.userId);
    await this.d.loginProtection.lift(t.userId, ip);
  }

  async verifyEmail(token: string, ip: string): Promise<UserRow> {
    const { userId, email } = await this.d.emailTokens.consume(token, 'verify_email');
    const row = await this.users.findById(userId);
    // A later e-mail change makes links for the old address worthless.
    if (!row || row.email.toLowerCase() !== email.toLowerCase()) {
      throw AppError.badRequest('This verification link is for an e-mail address that is no longer on the account.');
    }
    await this.d.loginProtection.lift(userId, ip);
    return (await this.users.update(userId, { emailVerifiedAt: row.emailVerifiedAt ?? new Date() }))!;
  }

  /**
   * Answers at once, the same for every address: the lookup, the token and the mail run after the reply, so
   * neither the answer nor its timing tells whether the address has an account.
   */
  queueResendVerification(email: string): void {
    this.d.background.run('resend-verification', async () => {
      const row = await this.users.findByEmail(email);
      if (row && !row.emailVerifiedAt) await this.sendVerification(row);
    });
  }

  /** Answers at once, the same for every address (see queueResendVerification). */
  queuePasswordReset(email: string): void {
    this.d.background.run('password-reset', async () => {
      const row = await this.users.findByEmail(email);
      if (!row) return;
      const token = await this.d.emailTokens.issue(row.id, 'password_reset', row.email);
      const link = `${this.d.config.publicUrl}/settings?resetToken=${encodeURIComponent(token)}`;
      await this.d.mailer.send(passwordResetEmail(row.email, row.username, link));
    });
  }

  /** Sets the new password only while the account still has the address the link was sent to. */
  async confirmPasswordReset(token: string, password: string, ip: string): Promise<void> {
    const { userId, email } = await this.d.emailTokens.consume(token, 'password_reset');
    const row = await this.users.findById(userId);
    if (!row || row.email.toLowerCase() !== email.toLowerCase()) throw wrongAddress();
    // Following the link proves this mailbox, which is the account's address, so it counts as verified too.
    await this.users.update(userId, { passwordHash: await hashPassword(password), emailVerifiedAt: row.emailVerifiedAt ?? new Date() });
    await this.d.emailTokens.cancelOpen(userId, 'password_reset');
    await this.d.sessions.revokeAllForUser(userId);
    await this.d.loginProtection.lift(userId, ip);
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
    // A reset link mailed before the change must not undo it.
    await this.d.emailTokens.cancelOpen(userId, 'password_reset');
    await this.d.sessions.revokeAllForUser(userId, sessionId);
  }

  /**
   * The current password, or on a password-less Google account a Google sign-in of the last 5 minutes. `action`
   * completes the sentences that ask for it ("to delete your account").
   */
  async requireOwnerPresent(row: UserRow, proof: Reauthentication, action = 'to change your e-mail address or username'): Promise<void> {
    if (row.passwordHash || !row.googleSub) {
      if (!proof.currentPassword) {
        throw new AppError(400, 'REAUTH_REQUIRED', `Enter your current password ${action}.`, {
          details: { method: 'password' },
        });
      }
      if (!(await verifyPassword(row.passwordHash, proof.currentPassword))) throw AppError.badRequest('Current password is incorrect');
      return;
    }
    const again = () =>
      new AppError(400, 'REAUTH_REQUIRED', `Sign in with Google again ${action}.`, {
        details: { method: 'google' },
      });
    if (!proof.googleIdToken && !proof.googleCode) throw again();
    const profile = proof.googleIdToken
      ? await this.d.google.verifyIdToken(proof.googleIdToken)
      : await this.d.google.exchangeCode(proof.googleCode!);
    if (profile.sub !== row.googleSub) throw AppError.badRequest('That Google account is not the one linked to this account.');
    const age = Math.floor(Date.now() / 1000) - (profile.issuedAt ?? 0);
    if (age > GOOGLE_REAUTH_MAX_AGE_S) throw again();
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
    // Re-read: the welcome coins landed after the row was created.
    const fresh = await this.d.gate.admit((await this.users.findById(row.id))!);
    const tokens = await this.d.sessions.start(fresh, userAgent);
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
