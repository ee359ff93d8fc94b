import { and, desc, eq, gte, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import {
  characterLikes,
  characters,
  imageJobs,
  imageLikes,
  images,
  users,
  type ImageJobRow,
  type ImageRow,
} from '../../db/schema/index.ts';

export type { ImageJobRow, ImageRow };
export type NewImageJob = typeof imageJobs.$inferInsert;
export type NewImage = typeof images.$inferInsert;

/** An image with what its cards show: owner, character (with what decides whether the viewer may see it) and the viewer's like. */
export interface ImageWithRefs extends ImageRow {
  ownerUsername: string;
  ownerAvatarUrl: string | null;
  characterName: string | null;
  characterAvatarUrl: string | null;
  characterCreatorId: string | null;
  characterVisibility: string | null;
  characterDeleted: boolean;
  liked: boolean;
}

export interface ImageListFilter {
  ownerId?: string;
  characterId?: string;
  /** Public images plus this viewer's own (null: public only). */
  viewerId: string | null;
}

/** Images shown in the showcase without a curator's pick need at least this many likes. */
export const SHOWCASE_MIN_LIKES = 3;

type FinalStatus = 'done' | 'failed' | 'cancelled';
const ch = alias(characters, 'image_character');
/** Removed by moderators: missing for everyone outside the moderation console. */
const notRemoved = isNull(images.moderationRemovedAt);

export class ImagesRepo {
  constructor(private readonly db: DbOrTx) {}

  // ---------- jobs ----------

  async insertJob(values: NewImageJob): Promise<ImageJobRow> {
    const [row] = await this.db.insert(imageJobs).values(values).returning();
    return row!;
  }

  async job(id: string): Promise<ImageJobRow | undefined> {
    const [row] = await this.db.select().from(imageJobs).where(eq(imageJobs.id, id));
    return row;
  }

  /** queued or running → running (a crashed worker's job starts again); undefined once the job has ended. */
  async startJob(id: string): Promise<ImageJobRow | undefined> {
    const [row] = await this.db
      .update(imageJobs)
      .set({ status: 'running', attempts: sql`${imageJobs.attempts} + 1`, startedAt: new Date() })
      .where(and(eq(imageJobs.id, id), inArray(imageJobs.status, ['queued', 'running'])))
      .returning();
    return row;
  }

  /** Ends a job that has not ended yet; undefined when another process got there first (so only one refunds). */
  async finishJob(id: string, status: FinalStatus, error?: string): Promise<ImageJobRow | undefined> {
    const [row] = await this.db
      .update(imageJobs)
      .set({ status, error: error ?? null, finishedAt: new Date() })
      .where(and(eq(imageJobs.id, id), inArray(imageJobs.status, ['queued', 'running'])))
      .returning();
    return row;
  }

  /** The owner looked at the job at `now` (written at most every `everyMs`: the page polls each second). */
  async touchWatched(id: string, everyMs: number, now = new Date()): Promise<void> {
    await this.db
      .update(imageJobs)
      .set({ watchedAt: now })
      .where(
        and(
          eq(imageJobs.id, id),
          or(isNull(imageJobs.watchedAt), lt(imageJobs.watchedAt, new Date(now.getTime() - everyMs))),
          inArray(imageJobs.status, ['queued', 'running']),
        ),
      );
  }

  /** Records the refund once; false when it was already recorded. */
  async markRefunded(id: string): Promise<boolean> {
    const rows = await this.db
      .update(imageJobs)
      .set({ refundedAt: new Date() })
      .where(and(eq(imageJobs.id, id), sql`${imageJobs.refundedAt} is null`))
      .returning({ id: imageJobs.id });
    return rows.length > 0;
  }

  async countUnfinished(ownerId: string): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(imageJobs)
      .where(and(eq(imageJobs.ownerId, ownerId), inArray(imageJobs.status, ['queued', 'running'])));
    return row?.n ?? 0;
  }

  /** Jobs not ended, oldest first; `createdBefore` narrows to the ones queued before then. */
  async unfinishedJobs(createdBefore?: Date): Promise<ImageJobRow[]> {
    return this.db
      .select()
      .from(imageJobs)
      .where(and(inArray(imageJobs.status, ['queued', 'running']), createdBefore ? lt(imageJobs.createdAt, createdBefore) : undefined))
      .orderBy(imageJobs.createdAt)
      .limit(500);
  }

  // ---------- images ----------

  async insertImages(values: NewImage[]): Promise<ImageRow[]> {
    if (values.length === 0) return [];
    // Seeding from two processes at once: the second one's rows are already there.
    return this.db.insert(images).values(values).onConflictDoNothing().returning();
  }

  /** An image, unless moderators removed it (then only `findForModeration` sees it). */
  async find(id: string): Promise<ImageRow | undefined> {
    const [row] = await this.db
      .select()
      .from(images)
      .where(and(eq(images.id, id), notRemoved));
    return row;
  }

  async ofJob(jobId: string): Promise<ImageRow[]> {
    return this.db.select().from(images).where(eq(images.jobId, jobId)).orderBy(images.position);
  }

  /** pending → ready with its files; undefined when it is no longer pending (deleted, or its job ended). */
  async markReady(
    id: string,
    files: Pick<ImageRow, 'fileKey' | 'thumbKey' | 'width' | 'height' | 'thumbWidth' | 'thumbHeight' | 'seed'>,
  ): Promise<ImageRow | undefined> {
    const [row] = await this.db
      .update(images)
      .set({ ...files, status: 'ready', updatedAt: new Date() })
      .where(and(eq(images.id, id), eq(images.status, 'pending')))
      .returning();
    return row;
  }

  /** The job's images still pending become failed or cancelled; returns them. */
  async endPending(jobId: string, status: 'failed' | 'cancelled'): Promise<ImageRow[]> {
    return this.db
      .update(images)
      .set({ status, updatedAt: new Date() })
      .where(and(eq(images.jobId, jobId), eq(images.status, 'pending')))
      .returning();
  }

  async update(id: string, patch: Partial<Pick<ImageRow, 'visibility' | 'showcase'>>): Promise<ImageRow | undefined> {
    const [row] = await this.db
      .update(images)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(images.id, id))
      .returning();
    return row;
  }

  /**
   * The owner's choice of visibility. A held picture cannot become public (undefined: the hold won, even one set a
   * moment ago); making it private also makes private what a restore brings back.
   */
  async setVisibility(id: string, visibility: 'private' | 'public'): Promise<ImageRow | undefined> {
    const [row] = await this.db
      .update(images)
      .set({
        visibility,
        moderationRestoreVisibility: sql`case when ${images.moderationHold} is null then null else ${visibility} end`,
        updatedAt: new Date(),
      })
      .where(and(eq(images.id, id), visibility === 'public' ? isNull(images.moderationHold) : undefined))
      .returning();
    return row;
  }

  // ---------- moderation (hide, remove and restore: image-moderation.repo.ts) ----------

  /** Any image, removed ones included (what moderators look at). */
  async findForModeration(id: string): Promise<ImageWithRefs | undefined> {
    const [row] = await this.withRefs([id], null, { includeRemoved: true });
    return row;
  }

  async delete(id: string): Promise<ImageRow | undefined> {
    const [row] = await this.db.delete(images).where(eq(images.id, id)).returning();
    return row;
  }

  async existingIds(ids: string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db.select({ id: images.id }).from(images).where(inArray(images.id, ids));
    return new Set(rows.map((r) => r.id));
  }

  // ---------- galleries ----------

  /** Rows with owner, character and the viewer's like, in the order of `ids` (removed ones left out unless asked for). */
  async withRefs(ids: string[], viewerId: string | null, opts: { includeRemoved?: boolean } = {}): Promise<ImageWithRefs[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .select({
        i: images,
        ownerUsername: users.username,
        ownerAvatarUrl: users.avatarUrl,
        characterName: ch.name,
        characterAvatarUrl: ch.thumbnailUrl,
        characterCreatorId: ch.creatorId,
        characterVisibility: ch.visibility,
        characterDeletedAt: ch.deletedAt,
        liked: viewerId
          ? sql<boolean>`exists (select 1 from ${imageLikes} where ${imageLikes.imageId} = ${images.id} and ${imageLikes.userId} = ${viewerId})`
          : sql<boolean>`false`,
      })
      .from(images)
      .innerJoin(users, eq(users.id, images.ownerId))
      .leftJoin(ch, eq(ch.id, images.characterId))
      .where(and(inArray(images.id, ids), opts.includeRemoved ? undefined : notRemoved));
    const byId = new Map<string, ImageWithRefs>(
      rows.map((r) => [
        r.i.id,
        {
          ...r.i,
          ownerUsername: r.ownerUsername,
          ownerAvatarUrl: r.ownerAvatarUrl,
          characterName: r.characterName,
          characterAvatarUrl: r.characterAvatarUrl,
          characterCreatorId: r.characterCreatorId,
          characterVisibility: r.characterVisibility,
          characterDeleted: r.characterDeletedAt !== null,
          liked: Boolean(r.liked),
        },
      ]),
    );
    return ids.map((id) => byId.get(id)).filter((r): r is ImageWithRefs => r !== undefined);
  }

  /** Ready images newest first: public ones, plus the viewer's own (others' private images are never listed). */
  async list(f: ImageListFilter, limit: number, offset: number): Promise<{ ids: string[]; total: number }> {
    const visible: SQL = f.viewerId
      ? or(eq(images.visibility, 'public'), eq(images.ownerId, f.viewerId))!
      : eq(images.visibility, 'public');
    const where = and(
      eq(images.status, 'ready'),
      notRemoved,
      visible,
      f.ownerId ? eq(images.ownerId, f.ownerId) : undefined,
      f.characterId ? eq(images.characterId, f.characterId) : undefined,
    );
    const [rows, [count]] = await Promise.all([
      this.db
        .select({ id: images.id })
        .from(images)
        .where(where)
        .orderBy(desc(images.createdAt), desc(images.id))
        .limit(limit)
        .offset(offset),
      this.db
        .select({ n: sql<number>`count(*)::int` })
        .from(images)
        .where(where),
    ]);
    return { ids: rows.map((r) => r.id), total: count?.n ?? 0 };
  }

  /** Public images picked by the team or liked at least SHOWCASE_MIN_LIKES times: picks first, then likes, then newest. */
  async showcase(limit: number, offset: number): Promise<{ ids: string[]; total: number }> {
    const where = and(
      eq(images.status, 'ready'),
      eq(images.visibility, 'public'),
      notRemoved,
      or(eq(images.showcase, true), gte(images.likesCount, SHOWCASE_MIN_LIKES)),
    );
    const [rows, [count]] = await Promise.all([
      this.db
        .select({ id: images.id })
        .from(images)
        .where(where)
        .orderBy(desc(images.showcase), desc(images.likesCount), desc(images.createdAt), desc(images.id))
        .limit(limit)
        .offset(offset),
      this.db
        .select({ n: sql<number>`count(*)::int` })
        .from(images)
        .where(where),
    ]);
    return { ids: rows.map((r) => r.id), total: count?.n ?? 0 };
  }

  // ---------- likes ----------

  /** Adds or removes the like and moves the counter only when a row changed; returns the state after. */
  async setLike(userId: string, imageId: string, liked: boolean): Promise<{ liked: boolean; likes: number }> {
    const changed = liked
      ? await this.db.insert(imageLikes).values({ userId, imageId }).onConflictDoNothing().returning({ id: imageLikes.imageId })
      : await this.db
          .delete(imageLikes)
          .where(and(eq(imageLikes.userId, userId), eq(imageLikes.imageId, imageId)))
          .returning({ id: imageLikes.imageId });
    const [row] = changed.length
      ? await this.db
          .update(images)
          .set({ likesCount: sql`${images.likesCount} + ${liked ? 1 : -1}` })
          .where(eq(images.id, imageId))
          .returning({ likes: images.likesCount })
      : await this.db.select({ likes: images.likesCount }).from(images).where(eq(images.id, imageId));
    return { liked, likes: row?.likes ?? 0 };
  }

  /** Seeding: likes written in bulk, then the counters recounted from the rows. */
  async insertLikes(rows: Array<{ userId: string; imageId: string; createdAt: Date }>): Promise<void> {
    for (let i = 0; i < rows.length; i += 1000) {
      await this.db
        .insert(imageLikes)
        .values(rows.slice(i, i + 1000))
        .onConflictDoNothing();
    }
    const ids = [...new Set(rows.map((r) => r.imageId))];
    if (ids.length === 0) return;
    await this.db
      .update(images)
      // Qualified by hand: inside UPDATE, drizzle writes bare column names, which the subquery would misread.
      .set({ likesCount: sql`(select count(*)::int from ${imageLikes} where ${sql.raw('"image_likes"."image_id" = "images"."id"')})` })
      .where(inArray(images.id, ids));
  }

  /** Who liked a character (seeding: the people who like a character like some of its pictures). */
  async characterLikers(characterId: string): Promise<string[]> {
    const rows = await this.db
      .select({ userId: characterLikes.userId })
      .from(characterLikes)
      .where(eq(characterLikes.characterId, characterId));
    return rows.map((r) => r.userId);
  }
}
