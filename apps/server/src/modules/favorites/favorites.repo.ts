import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { characters, favorites } from '../../db/schema/index.ts';
import { visibleTo } from '../characters/characters.repo.ts';

/** Favorites, and the favorites counter on characters (moves only when a row is added or removed). */
export class FavoritesRepo {
  constructor(private readonly db: DbOrTx) {}

  async add(userId: string, characterId: string, at?: Date): Promise<boolean> {
    const rows = await this.db
      .insert(favorites)
      .values({ userId, characterId, ...(at ? { createdAt: at } : {}) })
      .onConflictDoNothing()
      .returning({ userId: favorites.userId });
    return rows.length > 0;
  }

  /** Bulk insert for seeding; existing pairs are left alone (counters are recounted afterwards). */
  async insertMany(rows: Array<{ userId: string; characterId: string; createdAt: Date }>): Promise<void> {
    for (let i = 0; i < rows.length; i += 1000) {
      await this.db
        .insert(favorites)
        .values(rows.slice(i, i + 1000))
        .onConflictDoNothing();
    }
  }

  async remove(userId: string, characterId: string): Promise<boolean> {
    const rows = await this.db
      .delete(favorites)
      .where(and(eq(favorites.userId, userId), eq(favorites.characterId, characterId)))
      .returning({ userId: favorites.userId });
    return rows.length > 0;
  }

  async adjust(characterId: string, delta: number): Promise<number> {
    const [row] = await this.db
      .update(characters)
      .set({ favoritesCount: sql`${characters.favoritesCount} + ${delta}` })
      .where(eq(characters.id, characterId))
      .returning({ favorites: characters.favoritesCount });
    return row?.favorites ?? 0;
  }

  async has(userId: string, characterId: string): Promise<boolean> {
    const rows = await this.db
      .select({ id: favorites.characterId })
      .from(favorites)
      .where(and(eq(favorites.userId, userId), eq(favorites.characterId, characterId)));
    return rows.length > 0;
  }

  async favoritedAmong(userId: string, characterIds: string[]): Promise<Set<string>> {
    if (characterIds.length === 0) return new Set();
    const rows = await this.db
      .select({ id: favorites.characterId })
      .from(favorites)
      .where(and(eq(favorites.userId, userId), inArray(favorites.characterId, characterIds)));
    return new Set(rows.map((r) => r.id));
  }

  /** The user's favorites that are still listed, most recent first. */
  /** `sfwOnly`: NSFW is closed to the viewer where they are (age assurance), so it is neither listed nor counted. */
  async page(userId: string, limit: number, offset: number, sfwOnly = false): Promise<{ ids: string[]; total: number }> {
    const where = and(eq(favorites.userId, userId), visibleTo(userId), sfwOnly ? eq(characters.nsfw, false) : undefined);
    const [rows, [count]] = await Promise.all([
      this.db
        .select({ id: favorites.characterId })
        .from(favorites)
        .innerJoin(characters, eq(characters.id, favorites.characterId))
        .where(where)
        .orderBy(desc(favorites.createdAt), desc(favorites.characterId))
        .limit(limit)
        .offset(offset),
      this.db
        .select({ n: sql<number>`count(*)::int` })
        .from(favorites)
        .innerJoin(characters, eq(characters.id, favorites.characterId))
        .where(where),
    ]);
    return { ids: rows.map((r) => r.id), total: count?.n ?? 0 };
  }
}
