// "Delete my account": the owner proves presence (password, or a fresh Google sign-in), the account is scheduled,
// signed out everywhere and refused at sign-in, and a mailed link keeps it until the delay has passed. The sweep then
// erases it (account.repo.ts `erase`): personal rows deleted, the user row anonymised, ledger and invoices kept.
import type { FastifyBaseLogger } from 'fastify';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Mailer } from '../../providers/mail/index.ts';
import { accountDeletionEmail } from '../../providers/mail/templates.ts';
import type { MediaStorage } from '../../providers/storage/index.ts';
import type { AuthService, Reauthentication } from '../auth/auth.service.ts';
import type { EmailTokensService } from '../auth/email-tokens.service.ts';
import type { SessionsService } from '../auth/sessions.service.ts';
import type { UsersRepo } from '../users/users.repo.ts';
import type { AccountRepo, PublicCharactersChoice } from './account.repo.ts';

/** Accounts erased per sweep (the rest wait for the next one). */
const ERASE_BATCH = 50;

export class AccountDeletionService {
  constructor(
    private readonly d: {
      uow: UnitOfWork<{ account: AccountRepo; users: UsersRepo }>;
      auth: Pick<AuthService, 'requireOwnerPresent'>;
      sessions: Pick<SessionsService, 'revokeAllForUser'>;
      emailTokens: Pick<EmailTokensService, 'issue' | 'consume' | 'cancelOpen'>;
      mailer: Mailer;
      storage: MediaStorage;
      publicUrl: string;
      delayMs: number;
      log: FastifyBaseLogger;
      /** Closes the account's live notification streams (signed out everywhere means the open tabs too). */
      endStreams: (userId: string) => Promise<void>;
      /** Public characters changed owner or went: feed and search caches drop their copies. */
      charactersChanged: () => void;
    },
  ) {}

  async schedule(userId: string, proof: Reauthentication, choice: PublicCharactersChoice): Promise<{ dueAt: Date }> {
    const { account, users } = this.d.uow.repos;
    const row = await users.findById(userId);
    if (!row || row.erasedAt) throw AppError.notFound('User');
    if (row.deletionDueAt) throw AppError.conflict('This account is already scheduled for deletion.');
    await this.d.auth.requireOwnerPresent(row, proof, 'to delete your account');
    if (await account.hasRenewingMembership(userId)) {
      throw AppError.conflict('Your membership still renews. Cancel it on the Subscription page first, then delete your account.');
    }
    const dueAt = new Date(Date.now() + this.d.delayMs);
    if (!(await account.schedule(userId, dueAt, choice))) throw AppError.notFound('User');
    const token = await this.d.emailTokens.issue(userId, 'account_restore', row.email, { ttlMs: this.d.delayMs });
    const link = `${this.d.publicUrl}/keep-account?token=${encodeURIComponent(token)}`;
    await this.d.mailer.send(accountDeletionEmail(row.email, row.username, { dueAt, link }));
    await this.d.sessions.revokeAllForUser(userId);
    await this.d.endStreams(userId).catch(() => {});
    return { dueAt };
  }

  /** The mailed link: cancels the deletion (the owner signs in again as usual). */
  async restore(token: string): Promise<{ username: string }> {
    const t = await this.d.emailTokens.consume(token, 'account_restore');
    const kept = await this.d.uow.repos.account.unschedule(t.userId);
    if (!kept) throw AppError.badRequest('This account is no longer scheduled for deletion, so there is nothing to undo.');
    return kept;
  }

  /** Erases every account whose delay has passed; safe to run in several processes at once (row locks). */
  async sweep(now = new Date()): Promise<number> {
    let erased = 0;
    for (const userId of await this.d.uow.repos.account.dueForErasure(now, ERASE_BATCH)) {
      try {
        const files = await this.d.uow.run((r) => r.account.erase(userId, now));
        if (!files) continue;
        erased += 1;
        // Files after the commit: a failed removal leaves an orphan file, never a row pointing at nothing.
        await Promise.all([
          ...files.keys.map((k) => this.d.storage.remove(k).catch(() => {})),
          ...files.urls.map((u) => this.d.storage.removeByUrl(u).catch(() => {})),
        ]);
      } catch (err) {
        this.d.log.error({ err, userId }, 'erasing a deleted account failed; retrying at the next sweep');
      }
    }
    if (erased > 0) this.d.charactersChanged();
    return erased;
  }
}
