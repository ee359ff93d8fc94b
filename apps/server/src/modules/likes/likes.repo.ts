import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { characterLikes, characters } from '../../db/schema/index.ts';
import { visibleTo } from '../characters/characters.repo.ts';

/** Likes, and the likes counter on characters (kept exact: the counter moves only when a row is added or removed). */
export class LikesRepo {
  constructor(private readonly db: DbOrTx) {}

  /** Adds the like; returns the counter after. Run inside a transaction (uow.run) with `adjust`. */
  async add(userId: string, characterId: string, at?: Date): Promise<boolean> {
    const rows = await this.db
      .insert(characterLikes)
      .values({ userId, characterId, ...(at ? { createdAt: at } : {}) })
      .onConflictDoNothing()
      .returning({ userId: characterLikes.userId });
    return rows.length > 0;
  }

  /** Bulk insert for seeding; existing pairs are left alone (counters are recounted afterwards). */
  async insertMany(rows: Array<{ userId: string; characterId: string; createdAt: Date }>): Promise<void> {
    for (let i = 0; i < rows.length; i += 1000) {
      await this.db
        .insert(characterLikes)
        .values(rows.slice(i, i + 1000))
        .onConflictDoNothing();
    }
  }

  async remove(userId: string, characterId: string): Promise<boolean> {
    const rows = await this.db
      .delete(characterLikes)
      .where(and(eq(characterLikes.userId, userId), eq(characterLikes.characterId, characterId)))
      .returning({ userId: characterLikes.userId });
    return rows.length > 0;
  }

  /** Moves the counter by delta and returns the new value. */
  async adjust(characterId: string, delta: number): Promise<number> {
    const [row] = await this.db
      .update(characters)
      .set({ likesCount: sql`${characters.likesCount} + ${delta}` })
      .where(eq(characters.id, characterId))
      .returning({ likes: characters.likesCount });
    return row?.likes ?? 0;
  }

  async count(characterId: string): Promise<number> {
    const [row] = await this.db.select({ likes: characters.likesCount }).from(characters).where(eq(characters.id, characterId));
    return row?.likes ?? 0;
  }

  /** Which of these characters the user liked. */
  async likedAmong(userId: string, characterIds: string[]): Promise<Set<string>> {
    if (characterIds.length === 0) return new Set();
    const rows = await this.db
      .select({ id: characterLikes.characterId })
      .from(characterLikes)
      .where(and(eq(characterLikes.userId, userId), inArray(characterLikes.characterId, characterIds)));
    return new Set(rows.map((r) => r.id));
  }

  /** The user's liked characters that are listed (public, not deleted), most recent like first. */
  /** `sfwOnly`: NSFW is closed to the viewer where they are (age assurance), so it is neither listed nor counted. */
  async likedPage(userId: string, limit: number, offset: number, sfwOnly = false): Promise<{ ids: string[]; total: number }> {
    const where = and(eq(characterLikes.userId, userId), visibleTo(userId), sfwOnly ? eq(characters.nsfw, false) : undefined);
    const [rows, [count]] = await Promise.all([
      this.db
        .select({ id: characterLikes.characterId })
        .from(characterLikes)
        .innerJoin(characters, eq(characters.id, characterLikes.characterId))
        .where(where)
        .orderBy(desc(characterLikes.createdAt), desc(characterLikes.characterId))
        .limit(limit)
        .offset(offset),
      this.db
        .select({ n: sql<number>`count(*)::int` })
        .from(characterLikes)
        .innerJoin(characters, eq(characters.id, characterLikes.characterId))
        .where(where),
    ]);
    return { ids: rows.map((r) => r.id), total: count?.n ?? 0 };
  }
}
