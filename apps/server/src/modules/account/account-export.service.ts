// "Download my data": a request becomes a pending row and a background job (the shared job queue: in process, or
// BullMQ with REDIS_URL), which builds the zip, stores it in the row and notifies the owner. Only the owner can
// download it, for ACCOUNT_EXPORT_TTL_DAYS days.
import { ACCOUNT_EXPORT_TTL_DAYS } from '@reverie/shared';
import type { FastifyBaseLogger } from 'fastify';
import { zipSync, type Zippable } from 'fflate';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import { ownerPolicy, type Actor } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import { type JobQueue, type JobWorker } from '../../lib/jobs/index.ts';
import type { MediaStorage } from '../../providers/storage/index.ts';
import type { NotificationInput } from '../notifications/notifications.service.ts';
import type { TransferService } from '../transfer/transfer.service.ts';
import type { PersonasRepo } from '../personas/personas.repo.ts';
import type { UsersRepo } from '../users/users.repo.ts';
import type { AccountExportInfo, AccountExportRow, AccountRepo } from './account.repo.ts';

export const EXPORT_TTL_MS = ACCOUNT_EXPORT_TTL_DAYS * 24 * 3600_000;
/** A pending export older than this lost its job (a restart of the in-process queue): the sweep fails it. */
export const EXPORT_STALE_MS = 2 * 3600_000;

export interface AccountExportJob {
  exportId: string;
  userId: string;
}

const exportPolicy = ownerPolicy<AccountExportRow>({ what: 'Export', ownerId: (e) => e.userId });
const json = (value: unknown) => Buffer.from(JSON.stringify(value, null, 2) + '\n', 'utf8');

const README = `Your Reverie data, as it was when this export was made.

profile.json        your account: username, e-mail, bio, settings, preferences, dates, who you follow
characters/*.charx  every character you made (Character Card V3, with portrait and pictures)
chats/*.jsonl       every conversation (SillyTavern chat files, swipes kept)
personas.json       who you are in stories: each persona's name, pronouns, description and avatar
pictures.json       every picture you made: id, prompt, character, date, visibility and its file below
pictures/*.webp     the pictures themselves
coin-ledger.json    every change to your coin balance
invoices.json       invoices and receipts of your payments, and your memberships
`;

export class AccountExportService {
  private worker?: JobWorker;

  constructor(
    private readonly d: {
      uow: UnitOfWork<{ account: AccountRepo; users: UsersRepo; personas: PersonasRepo }>;
      queue: JobQueue<AccountExportJob, unknown>;
      transfer: TransferService;
      storage: MediaStorage;
      publicUrl: string;
      log: FastifyBaseLogger;
      notify: (userId: string, input: NotificationInput) => Promise<unknown>;
    },
  ) {}

  get queue() {
    return this.d.queue;
  }

  /** Starts a pending export and queues its job; 409 while another one is being prepared. */
  async request(userId: string): Promise<AccountExportInfo> {
    const row = await this.d.uow.repos.account.insertPending(userId);
    if (!row) {
      throw AppError.conflict('Your previous export is still being prepared. You will get a notification when it is ready.');
    }
    await this.d.queue.add(
      'account-export',
      { exportId: row.id, userId },
      { jobId: row.id, attempts: 2, backoff: { type: 'fixed', delayMs: 5000 } },
    );
    return row;
  }

  list(userId: string): Promise<AccountExportInfo[]> {
    return this.d.uow.repos.account.exportsOf(userId, 5);
  }

  /** The ready zip of the actor's own export: another account's id is 404; an expired or unfinished one says so. */
  async download(actor: Actor, id: string): Promise<AccountExportRow & { archive: Buffer }> {
    const row = exportPolicy.assert({ ...actor, role: 'user' }, await this.d.uow.repos.account.exportWithArchive(id), 'read');
    if (row.status === 'pending') throw AppError.conflict('This export is still being prepared. Try again when the notification arrives.');
    if (row.status === 'failed') throw AppError.conflict('This export could not be made. Ask for a new one in Settings.');
    if (!row.archive || (row.expiresAt && row.expiresAt.getTime() <= Date.now())) {
      throw new AppError(410, 'NOT_FOUND', 'This export has expired. Ask for a new one in Settings.');
    }
    return { ...row, archive: row.archive };
  }

  /** Works the queue in this process. */
  start(): void {
    this.worker ??= this.d.queue.process((job) => this.run(job.data), { concurrency: 1 });
  }

  async stop(): Promise<void> {
    await this.worker?.close();
    this.worker = undefined;
  }

  /** One job: build, store, notify. Run twice (at-least-once), the second run finds the row no longer pending. */
  async run({ exportId, userId }: AccountExportJob): Promise<void> {
    const { account } = this.d.uow.repos;
    const row = await account.exportInfo(exportId);
    if (!row || row.status !== 'pending') return;
    let archive: Buffer;
    try {
      archive = await this.build(userId);
    } catch (err) {
      this.d.log.error({ err, exportId }, 'account export failed');
      if (await account.markFailed(exportId, 'Something went wrong while preparing your export. Please try again.')) {
        await this.d.notify(userId, { kind: 'account_export', data: { status: 'failed' }, link: '/settings#account-data' });
      }
      return;
    }
    if (await account.markReady(exportId, archive, new Date(Date.now() + EXPORT_TTL_MS))) {
      await this.d.notify(userId, { kind: 'account_export', data: { status: 'ready', exportId }, link: '/settings#account-data' });
    }
  }

  /** The zip: the transfer module's characters and chats, and the account's own records beside them. */
  async build(userId: string): Promise<Buffer> {
    const { account, users } = this.d.uow.repos;
    const user = await users.findById(userId);
    if (!user) throw new Error('account not found');
    const files: Zippable = await this.d.transfer.exportAllFiles(userId);
    const [ledger, invoices, memberships, pictures, following, personas] = await Promise.all([
      account.ledgerOf(userId),
      account.invoicesOf(userId),
      account.subscriptionsOf(userId),
      account.picturesOf(userId),
      account.followingOf(userId),
      this.d.uow.repos.personas.list(userId),
    ]);
    files['profile.json'] = json({
      id: user.id,
      username: user.username,
      email: user.email,
      emailVerifiedAt: user.emailVerifiedAt,
      signsInWith: [user.passwordHash ? 'password' : null, user.googleSub ? 'google' : null].filter(Boolean),
      bio: user.bio,
      avatarUrl: user.avatarUrl,
      bannerUrl: user.bannerUrl,
      coins: user.coins,
      tier: user.tier,
      role: user.role,
      preferences: user.preferences,
      settings: user.settings,
      following: following.map((f) => ({ username: f.username, since: f.since })),
      createdAt: user.createdAt,
      exportedAt: new Date(),
    });
    files['personas.json'] = json(
      personas.map((p) => ({
        name: p.name,
        pronouns: p.pronouns,
        description: p.description,
        isDefault: p.isDefault,
        avatarUrl: p.avatarUrl?.startsWith('/') ? `${this.d.publicUrl}${p.avatarUrl}` : p.avatarUrl,
        createdAt: p.createdAt,
        updatedAt: p.updatedAt,
      })),
    );
    const pictureList = [];
    for (const p of pictures) {
      let file: string | null = null;
      const stored = p.fileKey ? await this.d.storage.get(p.fileKey).catch(() => null) : null;
      if (stored) {
        file = `pictures/${p.id}.webp`;
        files[file] = [stored.bytes, { level: 0 }];
      }
      pictureList.push({
        id: p.id,
        prompt: p.prompt,
        negativePrompt: p.negativePrompt,
        characterId: p.characterId,
        source: p.source,
        visibility: p.visibility,
        nsfw: p.nsfw,
        width: p.width,
        height: p.height,
        createdAt: p.createdAt,
        file,
        // Private pictures have no lasting public address; the file above is the picture.
        url: p.visibility === 'public' ? `${this.d.publicUrl}/api/images/${p.id}/full.webp` : null,
      });
    }
    files['pictures.json'] = json(pictureList);
    files['coin-ledger.json'] = json(
      ledger.map((l) => ({ at: l.createdAt, change: l.delta, balanceAfter: l.balanceAfter, reason: l.reason, reference: l.reference })),
    );
    files['invoices.json'] = json({
      invoices: invoices.map((i) => ({
        number: i.number,
        date: i.createdAt,
        kind: i.kind,
        description: i.description,
        status: i.status,
        amount: i.amountCents / 100,
        refunded: i.refundedCents / 100,
        currency: i.currency,
        coins: i.coins,
        periodStart: i.periodStart,
        periodEnd: i.periodEnd,
        card: i.paymentMethod ? `${i.paymentMethod.brand} •••• ${i.paymentMethod.last4}` : null,
      })),
      memberships: memberships.map((m) => ({
        plan: m.plan,
        billingPeriod: m.billingPeriod,
        status: m.status,
        startedAt: m.createdAt,
        currentPeriodEnd: m.currentPeriodEnd,
        cancelAtPeriodEnd: m.cancelAtPeriodEnd,
        endedAt: m.endedAt,
      })),
    });
    files['README.txt'] = Buffer.from(README, 'utf8');
    return Buffer.from(zipSync(files));
  }

  /** Expired zips lose their bytes; exports whose job was lost are failed. */
  sweep(now = new Date()) {
    return this.d.uow.repos.account.sweepExports(now, new Date(now.getTime() - EXPORT_STALE_MS));
  }
}
