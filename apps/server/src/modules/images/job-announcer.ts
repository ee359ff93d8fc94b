// "Your picture is ready" for people who went away: when a job ends (done or failed; a cancel is the owner's own
// doing), its owner is notified unless they were watching it. Watching = the job's page polled it, or its event
// stream ticked, within the last IMAGES_AWAY_SECONDS (default 10; the web app polls each second while the page is
// open and visible, and asking for the job counts as a look). The job row keeps that time, so it holds across
// processes: the one that finishes a job is often not the one serving its page.
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { BackgroundTasks } from '../../lib/background.ts';
import type { CharactersRepo } from '../characters/characters.repo.ts';
import type { ImagesRepo } from './images.repo.ts';
import type { ImageJobsService, JobFinishedEvent } from './jobs.service.ts';

/** Nobody looked at the job for this long: its owner is away (the default of IMAGES_AWAY_SECONDS). */
export const AWAY_AFTER_MS = 10_000;

type NotificationData = Record<string, string | number | boolean | null>;

/** The notifications service's `notify`, as a function (the images module does not depend on notifications). */
export type ImageNotify = (
  userId: string,
  input: { kind: 'image_ready'; data: NotificationData; link: string; imageUrl: string | null; dedupeKey: string },
) => Promise<unknown>;

export class ImageJobAnnouncer {
  constructor(
    private readonly deps: {
      uow: UnitOfWork<{ images: ImagesRepo; characters: CharactersRepo }>;
      notify: ImageNotify;
      background: BackgroundTasks;
      awayAfterMs?: number;
      now?: () => number;
    },
  ) {}

  /** Hears every job this process finishes; returns the unsubscribe function. */
  listen(jobs: Pick<ImageJobsService, 'onJobFinished'>): () => void {
    return jobs.onJobFinished((event) => {
      if (event.status === 'cancelled') return;
      this.deps.background.run('announce-image-job', async () => void (await this.announce(event)));
    });
  }

  /** Notifies the owner of a finished job if they were away; true when a notification was written. */
  async announce(event: JobFinishedEvent): Promise<boolean> {
    const { images, characters } = this.deps.uow.repos;
    const job = await images.job(event.jobId);
    if (!job) return false;
    const now = this.deps.now?.() ?? Date.now();
    if (job.watchedAt && now - job.watchedAt.getTime() < (this.deps.awayAfterMs ?? AWAY_AFTER_MS)) return false;
    if (event.status === 'done' && event.imageIds.length === 0) return false;

    const c = job.characterId ? await characters.findById(job.characterId) : undefined;
    const character = c && !c.deletedAt ? c : undefined;
    const chat = job.kind === 'chat' && job.conversationId && character ? `/chat/${character.id}?conversation=${job.conversationId}` : null;
    const done = event.status === 'done';
    const link = chat ?? (done ? (character ? `/user-gallery/character/${character.id}` : '/user-gallery') : '/generate-images');
    const written = await this.deps.notify(job.ownerId, {
      kind: 'image_ready',
      data: {
        status: done ? 'done' : 'failed',
        images: done ? event.imageIds.length : 0,
        characterName: character?.name ?? null,
        error: done ? null : (event.error ?? job.error),
        jobId: job.id,
      },
      link,
      imageUrl: character ? (character.thumbnailUrl ?? character.avatarUrl) : null,
      dedupeKey: `image-job:${job.id}`,
    });
    return written !== undefined;
  }
}
