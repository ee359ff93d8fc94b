import type { StreamSlots } from '../../http/stream-slots.ts';
import type { NsfwGate } from '../age/age-gate.ts';
import { Clock } from '../../lib/clock.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { BackgroundTasks } from '../../lib/background.ts';
import { createJobQueue, type JobQueue, type JobWorker } from '../../lib/jobs/index.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import type { ImageProvider } from '../../providers/images/index.ts';
import type { MediaStorage } from '../../providers/storage/index.ts';
import type { LedgerService } from '../billing/ledger.service.ts';
import type { Plans } from '../billing/catalog.ts';
import type { EntitlementsService } from '../billing/entitlements.service.ts';
import type { CharactersRepo } from '../characters/characters.repo.ts';
import type { ChatRepo } from '../chat/index.ts';
import type { ModerationService } from '../moderation/moderation.service.ts';
import type { PersonasRepo } from '../personas/personas.repo.ts';
import type { UsersRepo } from '../users/users.repo.ts';
import { GalleryService, type AvatarSetter } from './gallery.service.ts';
import { ImageGenerationService } from './generation.service.ts';
import { ImageUrls } from './image-files.ts';
import type { ImageModerationRepo } from './image-moderation.repo.ts';
import { imageResolver } from './image-moderation.ts';
import { ImageJobRunner } from './image-job-runner.ts';
import { ImagesSeeder } from './images-seeder.ts';
import type { ImagesRepo } from './images.repo.ts';
import { imagesRoutes, type ImagesRouteDeps } from './images.routes.ts';
import { ImageJobAnnouncer, type ImageNotify } from './job-announcer.ts';
import { ImageJobsService, type ImageJobData } from './jobs.service.ts';

/** Open (queued or running) jobs one user may have at once. */
const MAX_OPEN_JOBS = 4;

/** What the images module is given; the crisis protocol and where the person is go to its routes (a picture's request). */
export interface ImagesModuleDeps extends Pick<ImagesRouteDeps, 'crisis' | 'locate'> {
  config: Pick<Config, 'images' | 'redisUrl' | 'redisPrefix'>;
  uow: UnitOfWork<{
    images: ImagesRepo;
    imageModeration: ImageModerationRepo;
    characters: CharactersRepo;
    chat: ChatRepo;
    users: UsersRepo;
    personas: PersonasRepo;
  }>;
  log: FastifyBaseLogger;
  rateLimiter: RateLimiter;
  streams: StreamSlots;
  storage: MediaStorage;
  images: ImageProvider;
  /** HMAC key for private images' signed links (DATA_DIR/secrets/media.key, the same in every process). */
  mediaKey: Uint8Array;
  moderation: ModerationService;
  entitlements: EntitlementsService;
  ledger: LedgerService;
  plans: Plans;
  avatars: AvatarSetter;
  /** Test seam: a queue built elsewhere (BullMQ with short lock times). */
  queue?: JobQueue<ImageJobData, unknown>;
  background: BackgroundTasks;
  /** Jobs that end while their owner is away are announced through it (job-announcer.ts). */
  notify: ImageNotify;
  /** Closes NSFW pictures where age assurance is required and not done (modules/age). */
  age: NsfwGate;
}

export function createImagesModule(deps: ImagesModuleDeps) {
  const urls = new ImageUrls(Buffer.from(deps.mediaKey));
  const queue =
    deps.queue ??
    createJobQueue<ImageJobData, unknown>('image-generation', { redisUrl: deps.config.redisUrl, redisPrefix: deps.config.redisPrefix });
  const awayMs = deps.config.images.awaySeconds * 1000;
  // When an owner last looked and whether they are away, on one clock: tests move it instead of waiting.
  const clock = new Clock();
  const jobs = new ImageJobsService(deps.uow, queue, deps.entitlements, deps.log, Math.min(2000, awayMs / 4), () => clock.now());
  const runner = new ImageJobRunner({ uow: deps.uow, provider: deps.images, storage: deps.storage, jobs, log: deps.log });
  const generation = new ImageGenerationService(deps.uow, {
    provider: deps.images,
    jobs,
    entitlements: deps.entitlements,
    ledger: deps.ledger,
    plans: deps.plans,
    moderation: deps.moderation,
    urls,
    settings: { steps: deps.config.images.steps, maxOpenJobs: MAX_OPEN_JOBS },
  });
  const gallery = new GalleryService(deps.uow, { urls, storage: deps.storage, avatars: deps.avatars });
  const seeder = new ImagesSeeder(deps.uow, deps.storage, deps.log);
  const announcer = new ImageJobAnnouncer({
    uow: deps.uow,
    notify: deps.notify,
    background: deps.background,
    awayAfterMs: awayMs,
    now: () => clock.now().getTime(),
  });
  announcer.listen(jobs);
  /** For the moderation registry: reports, the console's context, hide / remove / restore, suspensions. */
  const subject = imageResolver(deps.uow, urls);
  // A job whose worker died too often (BullMQ gives up) ends here, heard by every process; settle refunds it once.
  queue.on('failed', ({ jobId }) => {
    void jobs.settle(jobId, 'failed', 'The picture could not be made (the worker stopped). Nothing was charged.').catch((err: unknown) => {
      deps.log.warn({ err, jobId }, 'settling a failed image job');
    });
  });
  let worker: JobWorker | undefined;
  const workers = {
    /** Starts this process's worker (jobs.ts 'image-generation': worker and `all` processes; tests call it too). */
    start(): void {
      worker ??= queue.process(runner.handle, { concurrency: deps.config.images.concurrency });
    },
    async stop(): Promise<void> {
      await worker?.close();
      worker = undefined;
    },
  };
  return {
    /** After the workers stopped (jobs.ts): the queue, which every process holds to add jobs and hear their events. */
    stop: () => queue.close(),
    services: { generation, gallery, jobs, seeder, runner, workers, urls, announcer, subject, clock },
    routes: imagesRoutes({ ...deps, generation, gallery, jobs, urls }),
  };
}
