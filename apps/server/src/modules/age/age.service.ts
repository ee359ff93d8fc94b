// Age assurance (docs/compliance.md): whether the viewer's region requires it, the account's standing, starting a
// check with the provider, the sandbox's outcomes, the provider's signed decisions, and the admin's view and reset.
import { createHash, randomUUID } from 'node:crypto';
import type { AgeCheckStatus, SandboxAgeOutcome } from '@reverie/shared';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { Actor } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AgeCheckProvider } from '../../providers/age/index.ts';
import type { AuditLog, StaffActor } from '../moderation/audit.service.ts';
import type { UsersRepo } from '../users/users.repo.ts';
import type { AgeConfig } from './age.config.ts';
import type { AgeCheckRow, AgeRepo } from './age.repo.ts';
import { assuranceRequired, type Region } from './location.ts';

/** The one sentence every locked surface shows (with a "Verify my age" button). */
export const AGE_LOCKED_MESSAGE =
  'Where you are, the law asks us to check your age before showing adult content: verify your age to open it.';

export function ageAssuranceRequired(): AppError {
  return new AppError(403, 'AGE_ASSURANCE_REQUIRED', AGE_LOCKED_MESSAGE);
}

const SANDBOX_OUTCOMES: Record<SandboxAgeOutcome, AgeCheckStatus> = {
  pass: 'passed',
  fail: 'failed',
  unverified: 'unverified',
  abandon: 'abandoned',
};

export interface AgeStanding {
  required: boolean;
  region: Region | null;
  latest: AgeCheckRow | undefined;
  passed: AgeCheckRow | undefined;
  locked: boolean;
}

export class AgeAssuranceService {
  constructor(
    private readonly uow: UnitOfWork<{ age: AgeRepo; users: UsersRepo }>,
    private readonly provider: AgeCheckProvider,
    private readonly rules: Pick<AgeConfig, 'regions' | 'unknown'>,
    private readonly publicUrl: string,
    private readonly audit: Pick<AuditLog, 'record'>,
  ) {}

  get providerKind(): AgeCheckProvider['kind'] {
    return this.provider.kind;
  }

  /** NSFW content is closed: the region requires assurance and the account (a guest has none) has not passed. */
  async locked(actor: Actor | null, region: Region | null): Promise<boolean> {
    if (!assuranceRequired(this.rules, region)) return false;
    if (!actor) return true;
    return !(await this.uow.repos.age.standing(actor.userId)).passed;
  }

  async standing(actor: Actor | null, region: Region | null): Promise<AgeStanding> {
    const required = assuranceRequired(this.rules, region);
    const { latest, passed } = actor ? await this.uow.repos.age.standing(actor.userId) : { latest: undefined, passed: undefined };
    return { required, region, latest, passed, locked: required && !passed };
  }

  /** Opens a check with the provider (409 once passed); answers where the user goes to do it. */
  async start(actor: Actor, region: Region | null): Promise<{ checkId: string; url: string }> {
    const { age } = this.uow.repos;
    if ((await age.standing(actor.userId)).passed) throw AppError.conflict('Your age is already verified.');
    const checkId = randomUUID();
    const returnUrl = `${this.publicUrl}/age-check/done?check=${checkId}`;
    const session = await this.provider.createSession({ checkId, returnUrl });
    await age.insert({
      id: checkId,
      userId: actor.userId,
      provider: this.provider.kind,
      method: this.provider.method,
      providerRef: session.providerRef,
      region,
    });
    return { checkId, url: session.url };
  }

  /** One of the caller's sandbox checks (404 for anyone else's, or when the sandbox is not the provider). */
  async sandboxCheck(actor: Actor, id: string): Promise<AgeCheckRow> {
    const row = this.provider.kind === 'sandbox' ? await this.uow.repos.age.find(id) : undefined;
    if (!row || row.userId !== actor.userId || row.provider !== 'sandbox') throw AppError.notFound('Age check');
    return row;
  }

  /** The sandbox page's outcome; 409 when the check was already decided or reset. */
  async completeSandbox(actor: Actor, id: string, outcome: SandboxAgeOutcome): Promise<AgeCheckRow> {
    await this.sandboxCheck(actor, id);
    // The sandbox page decides once: its "could not verify" is final, unlike a provider's resubmission request.
    const row = await this.uow.repos.age.decide({ id }, SANDBOX_OUTCOMES[outcome], new Date(), ['pending']);
    if (!row) throw AppError.conflict('This age check has already ended. Start a new one from the page you came from.');
    return row;
  }

  /**
   * A provider's webhook: the signature is checked on the raw body first (400), then a delivery seen before is a
   * replay and changes nothing; a decision changes only an open check (repo `decide`).
   */
  async webhook(kind: AgeCheckProvider['kind'], rawBody: Buffer, headers: Record<string, string | string[] | undefined>) {
    if (this.provider.kind !== kind || !this.provider.parseWebhook) throw AppError.notFound('Route');
    const decision = this.provider.parseWebhook(rawBody, headers);
    const digest = createHash('sha256').update(rawBody).digest('hex');
    return this.uow.run(async (r) => {
      if (!(await r.age.firstDelivery(kind, digest))) return { duplicate: true, changed: false };
      const changed = await r.age.decide({ provider: kind, providerRef: decision.providerRef }, decision.status, new Date());
      return { duplicate: false, changed: changed !== undefined };
    });
  }

  /** Admin: the account's checks (404 for an account that does not exist). */
  async history(userId: string): Promise<AgeCheckRow[]> {
    if (!(await this.uow.repos.users.findById(userId))) throw AppError.notFound('User');
    return this.uow.repos.age.ofUser(userId);
  }

  /** Admin: the account must check again (its checks are kept, marked reset); written to the audit log. */
  async reset(staff: StaffActor, userId: string): Promise<AgeCheckRow[]> {
    const user = await this.uow.repos.users.findById(userId);
    if (!user) throw AppError.notFound('User');
    await this.uow.run(async (r) => {
      const n = await r.age.reset(userId, new Date());
      await this.audit.record(staff, {
        action: 'user.age_assurance_reset',
        targetType: 'user',
        targetId: userId,
        targetLabel: user.username,
        targetOwnerId: userId,
        reason: 'Age assurance reset: the account must pass a new age check',
        details: { checksReset: n },
      });
    });
    return this.history(userId);
  }
}
