import { and, asc, desc, eq, getTableName, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { reusable, statementName } from '../../db/prepared.ts';
import { characterLikes, characters, characterTags, favorites, users, type CharacterRow } from '../../db/schema/index.ts';

export type { CharacterRow };
export type { CardExtrasData, CharacterBookData, CharacterBookEntryData } from '../../db/schema/index.ts';
export type NewCharacter = typeof characters.$inferInsert;

/**
 * A column always written as "table"."column". Drizzle leaves columns unqualified when a query has one table in
 * FROM, which silently rebinds outer references inside correlated subqueries; these helpers make them explicit.
 */
export function qcol(column: AnyColumn): SQL {
  return sql.raw(`"${getTableName(column.table)}"."${column.name}"`);
}

/** `ARRAY[$1, $2]::text[]` (Drizzle would otherwise expand a JS array into a bare list). */
export function textArray(values: readonly string[]): SQL {
  if (values.length === 0) return sql`'{}'::text[]`;
  return sql`ARRAY[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;
}

/** Listed = in the public catalogue. The literal predicate matches the partial indexes. */
export const listed = sql`${characters.visibility} = 'public' and ${characters.deletedAt} is null`;

/** What one user may see in their own lists: anything not deleted that is public, unlisted or their own. */
export function visibleTo(userId: string): SQL {
  return sql`${characters.deletedAt} is null and (${characters.visibility} <> 'private' or ${characters.creatorId} = ${userId})`;
}

/** What a card needs: no prompt fields, the description cut to what a card can show. */
export const cardColumns = {
  id: characters.id,
  creatorId: characters.creatorId,
  seedSlug: characters.seedSlug,
  name: characters.name,
  tagline: characters.tagline,
  description: sql<string>`left(${characters.description}, 400)`.as('description'),
  tagNames: characters.tagNames,
  nsfw: characters.nsfw,
  visibility: characters.visibility,
  moderationHold: characters.moderationHold,
  premium: characters.premium,
  avatarUrl: characters.avatarUrl,
  thumbnailUrl: characters.thumbnailUrl,
  likesCount: characters.likesCount,
  favoritesCount: characters.favoritesCount,
  chatCount: characters.chatCount,
  rating: characters.rating,
  ratingCount: characters.ratingCount,
  createdAt: characters.createdAt,
  creatorUsername: sql<string>`${users.username}`.as('creator_username'),
  creatorAvatarUrl: sql<string | null>`${users.avatarUrl}`.as('creator_avatar_url'),
};

export interface CardRow {
  id: string;
  creatorId: string;
  seedSlug: string | null;
  name: string;
  tagline: string;
  description: string;
  tagNames: string[];
  nsfw: boolean;
  visibility: 'public' | 'unlisted' | 'private';
  /** Set while moderators hold the character (it is private then, so only its owner and admins see the row). */
  moderationHold: 'hidden' | 'suspended' | null;
  premium: boolean;
  avatarUrl: string | null;
  thumbnailUrl: string | null;
  likesCount: number;
  favoritesCount: number;
  chatCount: number;
  rating: number;
  ratingCount: number;
  createdAt: Date;
  creatorUsername: string;
  creatorAvatarUrl: string | null;
}

export type CharacterWithCreator = CharacterRow & Creator;
type Creator = { creatorUsername: string; creatorAvatarUrl: string | null };

/**
 * A character row just read, with its creator's name and picture set on it. Set one by one, by name, the fields keep
 * a 40-column row an object V8 holds in fast mode: a spread or `Object.assign` adding them makes it a hidden class of
 * its own or a 1.6 KB dictionary (lib/with-fields.ts), kept as long as a streaming reply keeps its character.
 */
export function withCreator<C extends object>(row: C, creator: { username: string; avatarUrl: string | null }): C & Creator {
  const character = row as C & Creator;
  character.creatorUsername = creator.username;
  character.creatorAvatarUrl = creator.avatarUrl;
  return character;
}

/** Trending looks at this window of likes and favorites. */
export const TRENDING_DAYS = 7;

export class CharactersRepo {
  constructor(private readonly db: DbOrTx) {}

  async findById(id: string): Promise<CharacterWithCreator | undefined> {
    // Prepared once: read on hot paths (every chat message).
    const query = reusable(this.db, 'characters_by_id', () =>
      this.db
        .select({ c: characters, creatorUsername: users.username, creatorAvatarUrl: users.avatarUrl })
        .from(characters)
        .innerJoin(users, eq(users.id, characters.creatorId))
        .where(eq(characters.id, sql.placeholder('id')))
        .prepare(statementName('characters_by_id')),
    );
    const [row] = await query.execute({ id });
    return row ? withCreator(row.c, { username: row.creatorUsername, avatarUrl: row.creatorAvatarUrl }) : undefined;
  }

  /** Light lookup for access checks (likes, favorites). */
  async findAccess(
    id: string,
  ): Promise<Pick<CharacterRow, 'id' | 'creatorId' | 'visibility' | 'deletedAt' | 'likesCount' | 'favoritesCount'> | undefined> {
    const [row] = await this.db
      .select({
        id: characters.id,
        creatorId: characters.creatorId,
        visibility: characters.visibility,
        deletedAt: characters.deletedAt,
        likesCount: characters.likesCount,
        favoritesCount: characters.favoritesCount,
      })
      .from(characters)
      .where(eq(characters.id, id));
    return row;
  }

  /** Of these ids, the ones anyone may see (public or unlisted, not deleted) plus the viewer's own. */
  async visibleIds(ids: string[], viewerId: string): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .select({ id: characters.id })
      .from(characters)
      .where(and(inArray(characters.id, ids), visibleTo(viewerId)));
    return rows.map((r) => r.id);
  }

  /** A creator's characters; `includeHidden` (the owner) adds unlisted and private ones. */
  async byCreator(
    creatorId: string,
    opts: { includeHidden: boolean; sfwOnly?: boolean; sort: 'new' | 'popular'; limit: number; offset: number },
  ) {
    const where = and(
      eq(characters.creatorId, creatorId),
      opts.includeHidden ? sql`${characters.deletedAt} is null` : listed,
      opts.sfwOnly ? eq(characters.nsfw, false) : undefined,
    );
    const order =
      opts.sort === 'popular' ? [desc(characters.likesCount), asc(characters.id)] : [desc(characters.createdAt), asc(characters.id)];
    const [rows, [count]] = await Promise.all([
      this.db
        .select(cardColumns)
        .from(characters)
        .innerJoin(users, eq(users.id, characters.creatorId))
        .where(where)
        .orderBy(...order)
        .limit(opts.limit)
        .offset(opts.offset),
      this.db
        .select({ n: sql<number>`count(*)::int` })
        .from(characters)
        .where(where),
    ]);
    return { rows: rows as CardRow[], total: count?.n ?? 0 };
  }

  /** Cards for these ids, in the given order; ids the viewer may not see (or deleted ones) are dropped. */
  async cardsByIds(ids: string[], viewerId: string | null): Promise<CardRow[]> {
    if (ids.length === 0) return [];
    const rows = (await this.db
      .select(cardColumns)
      .from(characters)
      .innerJoin(users, eq(users.id, characters.creatorId))
      .where(and(inArray(characters.id, ids), viewerId ? visibleTo(viewerId) : listed))) as CardRow[];
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  /** Insert or replace a character's tags (the array column and the relational rows). */
  async setTags(characterId: string, names: string[]): Promise<void> {
    await this.db.update(characters).set({ tagNames: names, updatedAt: new Date() }).where(eq(characters.id, characterId));
    await this.db.delete(characterTags).where(eq(characterTags.characterId, characterId));
    if (names.length) {
      await this.db.insert(characterTags).values(names.map((tagName, position) => ({ characterId, tagName, position })));
    }
  }

  /** A character written public is published at once (`publishedAt`, unless given). */
  async insert(values: NewCharacter): Promise<CharacterRow | undefined> {
    const publishedAt = values.publishedAt ?? (values.visibility === 'public' ? (values.createdAt ?? new Date()) : null);
    const [row] = await this.db
      .insert(characters)
      .values({ ...values, publishedAt })
      .onConflictDoNothing()
      .returning();
    return row;
  }

  /** The moderation hold, with the row locked until the transaction ends (a hide cannot slip in between). */
  async lockHold(id: string): Promise<Pick<CharacterRow, 'moderationHold'> | undefined> {
    const [row] = await this.db
      .select({ moderationHold: characters.moderationHold })
      .from(characters)
      .where(eq(characters.id, id))
      .for('update');
    return row;
  }

  /** Marks a public character published the first time it is public; false when it was published before. */
  async markPublished(id: string): Promise<boolean> {
    const rows = await this.db
      .update(characters)
      .set({ publishedAt: new Date() })
      .where(and(eq(characters.id, id), eq(characters.visibility, 'public'), sql`${characters.publishedAt} is null`))
      .returning({ id: characters.id });
    return rows.length > 0;
  }

  /**
   * Characters whose portrait files are not where their visibility says, by id after `afterId`: a private one with
   * a file outside `privatePrefix` (the signed-link folder's stored URLs), or another with a file inside it.
   */
  async misplacedPortraits(privatePrefix: string, afterId: string | null, limit: number): Promise<string[]> {
    const inside = (col: AnyColumn) => sql`left(${col}, ${privatePrefix.length}) = ${privatePrefix}`;
    const rows = await this.db
      .select({ id: characters.id })
      .from(characters)
      .where(
        and(
          afterId === null ? undefined : sql`${characters.id} > ${afterId}`,
          sql`case when ${characters.visibility} = 'private'
            then not (${inside(characters.avatarUrl)}) or not (${inside(characters.thumbnailUrl)})
            else ${inside(characters.avatarUrl)} or ${inside(characters.thumbnailUrl)} end`,
        ),
      )
      .orderBy(asc(characters.id))
      .limit(limit);
    return rows.map((r) => r.id);
  }

  async update(id: string, patch: Partial<NewCharacter>): Promise<CharacterRow | undefined> {
    const [row] = await this.db
      .update(characters)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(characters.id, id))
      .returning();
    return row;
  }

  /**
   * Soft delete: the row stays (other users' conversations keep its name) but leaves every list, search and count,
   * its portrait URLs are cleared (the files are removed by the caller), and its likes and favorites are removed
   * with their counters. Returns the row as it was, or undefined when it was already deleted.
   */
  async softDelete(id: string): Promise<CharacterRow | undefined> {
    const [before] = await this.db
      .select()
      .from(characters)
      .where(and(eq(characters.id, id), sql`${characters.deletedAt} is null`))
      .for('update');
    if (!before) return undefined;
    await this.db.delete(characterLikes).where(eq(characterLikes.characterId, id));
    await this.db.delete(favorites).where(eq(favorites.characterId, id));
    await this.db
      .update(characters)
      .set({ deletedAt: new Date(), avatarUrl: null, thumbnailUrl: null, likesCount: 0, favoritesCount: 0 })
      .where(eq(characters.id, id));
    return before;
  }

  /** The seed characters by slug (the seeder's idempotency check). */
  async seeded(): Promise<Array<Pick<CharacterRow, 'id' | 'seedSlug' | 'avatarUrl' | 'thumbnailUrl'>>> {
    return this.db
      .select({ id: characters.id, seedSlug: characters.seedSlug, avatarUrl: characters.avatarUrl, thumbnailUrl: characters.thumbnailUrl })
      .from(characters)
      .where(sql`${characters.seedSlug} is not null`);
  }

  /** Recomputes the like and favorite counters of these characters from the rows (seeding, repairs). */
  async recount(ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .update(characters)
      .set({
        likesCount: sql`(select count(*)::int from ${characterLikes} where ${qcol(characterLikes.characterId)} = ${qcol(characters.id)})`,
        favoritesCount: sql`(select count(*)::int from ${favorites} where ${qcol(favorites.characterId)} = ${qcol(characters.id)})`,
      })
      .where(inArray(characters.id, ids));
  }

  /** Public characters carrying any of these tags (category sizes). */
  async countWithAnyTag(tagNames: string[]): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(characters)
      .where(and(listed, tagNames.length ? sql`${characters.tagNames} && ${textArray(tagNames)}` : undefined));
    return row?.n ?? 0;
  }
}
