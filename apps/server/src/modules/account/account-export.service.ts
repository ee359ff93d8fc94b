// "Download my data": a request becomes a pending row and a background job (the shared job queue: in process, or
// BullMQ with REDIS_URL), which streams the zip (account-export.files.ts, lib/zip-stream.ts) into media storage under
// `exports/`, capped at ACCOUNT_EXPORT_MAX_MB, and notifies the owner. Only the owner can download it, as a stream,
// for ACCOUNT_EXPORT_TTL_DAYS days.
import { ACCOUNT_EXPORT_TTL_DAYS } from '@reverie/shared';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import { ownerPolicy, type Actor } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import { type JobQueue, type JobWorker } from '../../lib/jobs/index.ts';
import { writeZipFile, ZipTooLargeError } from '../../lib/zip-stream.ts';
import { mediaKey, type MediaStorage, type StoredStream } from '../../providers/storage/index.ts';
import type { NotificationInput } from '../notifications/notifications.service.ts';
import type { TransferService } from '../transfer/transfer.service.ts';
import type { AgeRepo } from '../age/age.repo.ts';
import type { MemoryRepo } from '../memory/memory.repo.ts';
import type { PersonasRepo } from '../personas/personas.repo.ts';
import type { UsersRepo } from '../users/users.repo.ts';
import { accountExportEntries } from './account-export.files.ts';
import type { AccountExportInfo, AccountExportRow, AccountRepo } from './account.repo.ts';

export const EXPORT_TTL_MS = ACCOUNT_EXPORT_TTL_DAYS * 24 * 3600_000;
/** A pending export older than this lost its job (a restart of the in-process queue): the sweep fails it. */
export const EXPORT_STALE_MS = 2 * 3600_000;

export interface AccountExportJob {
  exportId: string;
  userId: string;
}

const exportPolicy = ownerPolicy<AccountExportRow>({ what: 'Export', ownerId: (e) => e.userId });

export class AccountExportService {
  private worker?: JobWorker;

  constructor(
    private readonly d: {
      uow: UnitOfWork<{ account: AccountRepo; users: UsersRepo; personas: PersonasRepo; age: AgeRepo; memory: MemoryRepo }>;
      queue: JobQueue<AccountExportJob, unknown>;
      transfer: TransferService;
      storage: MediaStorage;
      publicUrl: string;
      /** ACCOUNT_EXPORT_MAX_MB in bytes: a bigger zip fails with a sentence saying so. */
      maxBytes: number;
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

  /** The ready zip of the actor's own export, as a stream: another account's id is 404; an expired or unfinished one says so. */
  async open(actor: Actor, id: string): Promise<AccountExportRow & StoredStream> {
    const row = exportPolicy.assert({ ...actor, role: 'user' }, await this.d.uow.repos.account.exportInfo(id), 'read');
    if (row.status === 'pending') throw AppError.conflict('This export is still being prepared. Try again when the notification arrives.');
    if (row.status === 'failed') throw AppError.conflict(row.error ?? 'This export could not be made. Ask for a new one in Settings.');
    const expired = () => new AppError(410, 'NOT_FOUND', 'This export has expired. Ask for a new one in Settings.');
    if (!row.fileKey || (row.expiresAt && row.expiresAt.getTime() <= Date.now())) throw expired();
    const file = await this.d.storage.getStream(row.fileKey);
    if (!file) throw expired();
    return { ...row, ...file };
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
    let file: { fileKey: string; sizeBytes: number };
    try {
      file = await this.build(userId);
    } catch (err) {
      const tooLarge = err instanceof ZipTooLargeError;
      if (!tooLarge) this.d.log.error({ err, exportId }, 'account export failed');
      const mb = Number((this.d.maxBytes / (1024 * 1024)).toFixed(3));
      const sentence = tooLarge
        ? `Your data is larger than the ${mb} MB an export may hold, so it could not be made. Download your characters and chats from Settings one by one, or write to support.`
        : 'Something went wrong while preparing your export. Please try again.';
      if (await account.markFailed(exportId, sentence)) {
        await this.d.notify(userId, { kind: 'account_export', data: { status: 'failed' }, link: '/settings#account-data' });
      }
      return;
    }
    if (await account.markReady(exportId, file.fileKey, file.sizeBytes, new Date(Date.now() + EXPORT_TTL_MS))) {
      await this.d.notify(userId, { kind: 'account_export', data: { status: 'ready', exportId }, link: '/settings#account-data' });
    } else {
      await this.d.storage.remove(file.fileKey); // a second run of the job: the first one's file is the export
    }
  }

  /** The zip, streamed to a temporary file with the size cap, then into media storage; returns its key and size. */
  async build(userId: string): Promise<{ fileKey: string; sizeBytes: number }> {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'reverie-export-'));
    try {
      const file = path.join(dir, 'export.zip');
      const sizeBytes = await writeZipFile(accountExportEntries(this.d, userId), file, this.d.maxBytes);
      const fileKey = mediaKey(['exports', userId], 'zip');
      await this.d.storage.putFile(fileKey, file, 'application/zip', { cacheControl: 'private, no-store' });
      return { fileKey, sizeBytes };
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  /** Expired zips leave storage (the row stays, so the list says "expired"); exports whose job was lost are failed. */
  async sweep(now = new Date()) {
    const { expired, stale } = await this.d.uow.repos.account.sweepExports(now, new Date(now.getTime() - EXPORT_STALE_MS));
    for (const key of expired)
      await this.d.storage.remove(key).catch((err: unknown) => this.d.log.warn({ err, key }, 'export file not removed'));
    return { expired: expired.length, stale };
  }
}
