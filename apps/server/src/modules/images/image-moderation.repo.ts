// Moderators' actions on pictures: hide, remove and restore one, and hold or release every public picture of a
// suspended account. What moderators look at (`findForModeration`) is read through ImagesRepo.
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { images } from '../../db/schema/index.ts';
import type { ImageRow } from './images.repo.ts';

export class ImageModerationRepo {
  constructor(private readonly db: DbOrTx) {}

  /**
   * Hides a picture (hold `hidden`, or `suspended` for its owner's suspension): private, keeping the visibility to
   * restore. A moderators' hide replaces a suspension's hold (never the reverse).
   */
  async hide(id: string, hold: 'hidden' | 'suspended'): Promise<ImageRow | undefined> {
    const [row] = await this.db
      .update(images)
      .set({
        moderationRestoreVisibility: sql`case when ${images.moderationHold} is null then ${images.visibility} else ${images.moderationRestoreVisibility} end`,
        moderationHold: hold === 'hidden' ? 'hidden' : sql`coalesce(${images.moderationHold}, 'suspended')`,
        moderationHiddenAt: sql`coalesce(${images.moderationHiddenAt}, now())`,
        visibility: 'private',
        updatedAt: new Date(),
      })
      .where(eq(images.id, id))
      .returning();
    return row;
  }

  /** Removal by moderators: gone for everyone, its owner included; the row and files stay so "restore" can undo it. */
  async remove(id: string): Promise<ImageRow | undefined> {
    const [row] = await this.db
      .update(images)
      .set({ moderationRemovedAt: new Date(), updatedAt: new Date() })
      .where(eq(images.id, id))
      .returning();
    return row;
  }

  /** Undoes a moderators' hide and removal: the saved visibility comes back. */
  async restore(id: string): Promise<ImageRow | undefined> {
    const [row] = await this.db
      .update(images)
      .set({
        visibility: sql`coalesce(${images.moderationRestoreVisibility}, ${images.visibility})`,
        moderationHold: null,
        moderationHiddenAt: null,
        moderationRestoreVisibility: null,
        moderationRemovedAt: null,
        updatedAt: new Date(),
      })
      .where(eq(images.id, id))
      .returning();
    return row;
  }

  /** Suspension: every public picture of the account (made or still being made) is hidden with hold `suspended`. */
  async holdAllOf(ownerId: string): Promise<string[]> {
    const rows = await this.db
      .update(images)
      .set({
        moderationRestoreVisibility: images.visibility,
        moderationHold: 'suspended',
        moderationHiddenAt: new Date(),
        visibility: 'private',
        updatedAt: new Date(),
      })
      .where(and(eq(images.ownerId, ownerId), eq(images.visibility, 'public'), isNull(images.moderationHold)))
      .returning({ id: images.id });
    return rows.map((r) => r.id);
  }

  /** Unsuspension: only what the suspension hid comes back (a separate moderators' hide stays). */
  async releaseAllOf(ownerId: string): Promise<string[]> {
    const rows = await this.db
      .update(images)
      .set({
        visibility: sql`coalesce(${images.moderationRestoreVisibility}, ${images.visibility})`,
        moderationHold: null,
        moderationHiddenAt: null,
        moderationRestoreVisibility: null,
        updatedAt: new Date(),
      })
      .where(and(eq(images.ownerId, ownerId), eq(images.moderationHold, 'suspended')))
      .returning({ id: images.id });
    return rows.map((r) => r.id);
  }
}
