import type { Config } from '../../config.ts';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import { AppError } from '../../lib/app-error.ts';
import type { UserRow, UsersRepo } from '../users/users.repo.ts';
import type { LedgerService } from './ledger.service.ts';

/** Payments as this server is configured for them; today only the sandbox top-up. */
export class BillingService {
  constructor(
    private readonly config: Pick<Config, 'paymentsMode' | 'sandboxTopUp'>,
    private readonly ledger: LedgerService,
    private readonly uow: UnitOfWork<{ users: UsersRepo }>,
  ) {}

  balance(userId: string): Promise<number> {
    return this.ledger.balance(userId);
  }

  /** Free coins in sandbox mode; the same idempotency key (per user) adds them once. */
  async addSandboxCoins(userId: string, amount: number, idempotencyKey: string): Promise<{ balance: number; user: UserRow }> {
    if (this.config.paymentsMode !== 'sandbox') {
      throw AppError.forbidden('Adding free coins is only available in sandbox mode. Buy coins on the Coins page.');
    }
    if (!this.config.sandboxTopUp) {
      throw AppError.forbidden('Adding free coins is turned off on this server. Buy coins on the Coins page.');
    }
    const { balance } = await this.ledger.credit({
      userId,
      amount,
      reason: 'sandbox_top_up',
      idempotencyKey: `add-coins:${userId}:${idempotencyKey}`,
    });
    const user = await this.uow.repos.users.findById(userId);
    if (!user) throw AppError.notFound('User');
    return { balance, user };
  }
}
