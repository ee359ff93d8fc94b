// Who may get a session: every sign-in path (password, Google, token refresh) passes here. A suspended account is
// refused with a message a person understands; a verified account whose address is in ADMIN_EMAILS becomes admin.
import { AppError } from '../../lib/app-error.ts';
import type { UserRow, UsersRepo } from '../users/users.repo.ts';
import type { UnitOfWork } from '../../db/unit-of-work.ts';

export const SUSPENDED_MESSAGE =
  'This account is suspended, so it cannot sign in. If you think this is a mistake, write to support from the address on the account.';

export class AccountSuspendedError extends AppError {
  constructor() {
    super(403, 'ACCOUNT_SUSPENDED', SUSPENDED_MESSAGE);
  }
}

/** Sign-in during the undo period: when the account goes, and how to keep it. */
export class AccountDeletionScheduledError extends AppError {
  constructor(dueAt: Date) {
    const date = dueAt.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
    super(
      403,
      'ACCOUNT_DELETION_SCHEDULED',
      `This account is scheduled for deletion on ${date}, so it cannot sign in. To keep it, open the "Keep my account" link in the e-mail we sent you (it leads to /keep-account) before then.`,
      { details: { deletionDueAt: dueAt.toISOString() } },
    );
  }
}

export class AccountGate {
  private readonly admins: ReadonlySet<string>;

  constructor(
    adminEmails: readonly string[],
    private readonly uow: UnitOfWork<{ users: UsersRepo }>,
  ) {
    this.admins = new Set(adminEmails.map((e) => e.toLowerCase()));
  }

  /** Throws 403 ACCOUNT_SUSPENDED for a suspended account; promotes a configured admin. Returns the row to sign in with. */
  async admit(row: UserRow): Promise<UserRow> {
    if (row.suspendedAt) throw new AccountSuspendedError();
    if (row.erasedAt) throw new AppError(401, 'UNAUTHORIZED', 'This account was deleted.');
    if (row.deletionDueAt) throw new AccountDeletionScheduledError(row.deletionDueAt);
    if (row.role !== 'admin' && this.isConfiguredAdmin(row)) {
      return (await this.uow.repos.users.update(row.id, { role: 'admin' })) ?? row;
    }
    return row;
  }

  isConfiguredAdmin(row: Pick<UserRow, 'email' | 'emailVerifiedAt'>): boolean {
    return !!row.emailVerifiedAt && this.admins.has(row.email.toLowerCase());
  }

  /** At start: every verified account with a configured address becomes admin. Returns how many changed. */
  async promoteConfiguredAdmins(): Promise<number> {
    if (this.admins.size === 0) return 0;
    return this.uow.repos.users.promoteToAdmin([...this.admins]);
  }
}
