import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { characters, tags, users, type CharacterRow } from '../../db/schema/index.ts';
import { cardColumns, listed, qcol, type CardRow } from '../characters/characters.repo.ts';

export type TagRow = typeof tags.$inferSelect;
export type { CharacterRow };

/**
 * The search text as a prefix tsquery: "vamp lib" → `vamp:* & lib:*`. Words are letters and digits only, so
 * nothing the user types reaches the tsquery parser as syntax. Null when nothing searchable is left.
 */
export function prefixTsQuery(q: string): string | null {
  const words = (q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 8);
  return words.length ? words.map((w) => `${w}:*`).join(' & ') : null;
}

/** Characters, creators and tags matching a text: full-text (weighted, prefix) or trigram similarity (typos). */
export class SearchRepo {
  constructor(private readonly db: DbOrTx) {}

  private characterMatch(q: string, nsfw: boolean | undefined): { where: SQL; rank: SQL } {
    const needle = q.toLowerCase();
    const ts = prefixTsQuery(q);
    const tsq = ts ? sql`to_tsquery('english', ${ts})` : null;
    const matches = tsq
      ? sql`(${characters.searchVector} @@ ${tsq} or ${needle} <% lower(${characters.name}))`
      : sql`${needle} <% lower(${characters.name})`;
    const where = and(listed, matches, nsfw === undefined ? undefined : eq(characters.nsfw, nsfw))!;
    // Exact name > name prefix > weighted text rank (A name, B tags, C tagline, D description) > name similarity; likes break ties.
    const rank = sql`(
      case when lower(${characters.name}) = ${needle} then 10 else 0 end
      + case when lower(${characters.name}) like ${`${needle.replace(/[\\%_]/g, '\\$&')}%`} then 4 else 0 end
      + ${tsq ? sql`4 * ts_rank(${characters.searchVector}, ${tsq})` : sql`0`}
      + 3 * word_similarity(${needle}, lower(${characters.name}))
      + 0.05 * ln(1 + ${characters.likesCount})
    )`;
    return { where, rank };
  }

  async characters(q: string, opts: { nsfw?: boolean; limit: number; offset: number }): Promise<{ rows: CardRow[]; total: number }> {
    const { where, rank } = this.characterMatch(q, opts.nsfw);
    const [rows, [count]] = await Promise.all([
      this.db
        .select(cardColumns)
        .from(characters)
        .innerJoin(users, eq(users.id, characters.creatorId))
        .where(where)
        .orderBy(sql`${rank} desc`, characters.id)
        .limit(opts.limit)
        .offset(opts.offset),
      this.db
        .select({ n: sql<number>`count(*)::int` })
        .from(characters)
        .where(where),
    ]);
    return { rows: rows as CardRow[], total: count?.n ?? 0 };
  }

  /** Creators (users with a public character) whose name matches: prefix, substring or similar. */
  async creatorIds(q: string, limit: number, offset: number): Promise<{ ids: string[]; total: number }> {
    const needle = q.toLowerCase();
    const like = `%${needle.replace(/[\\%_]/g, '\\$&')}%`;
    const where = sql`(lower(${users.username}) like ${like} or ${needle} <% lower(${users.username}))
      and exists (select 1 from ${characters} where ${qcol(characters.creatorId)} = ${qcol(users.id)} and ${listed})`;
    const [rows, [count]] = await Promise.all([
      this.db
        .select({ id: users.id })
        .from(users)
        .where(where)
        .orderBy(
          sql`(case when lower(${users.username}) = ${needle} then 2 else 0 end + word_similarity(${needle}, lower(${users.username}))) desc`,
          users.username,
        )
        .limit(limit)
        .offset(offset),
      this.db
        .select({ n: sql<number>`count(*)::int` })
        .from(users)
        .where(where),
    ]);
    return { ids: rows.map((r) => r.id), total: count?.n ?? 0 };
  }

  /** Tags whose name or display name matches. */
  async tags(q: string, limit: number, offset: number): Promise<{ rows: TagRow[]; total: number }> {
    const needle = q.toLowerCase();
    const like = `%${needle.replace(/[\\%_]/g, '\\$&')}%`;
    const where = sql`(${tags.name} like ${like} or lower(${tags.displayName}) like ${like} or ${needle} <% ${tags.name})`;
    const [rows, [count]] = await Promise.all([
      this.db
        .select()
        .from(tags)
        .where(where)
        .orderBy(
          sql`(case when ${tags.name} = ${needle} then 2 else 0 end + word_similarity(${needle}, ${tags.name})) desc`,
          tags.sortOrder,
        )
        .limit(limit)
        .offset(offset),
      this.db
        .select({ n: sql<number>`count(*)::int` })
        .from(tags)
        .where(where),
    ]);
    return { rows, total: count?.n ?? 0 };
  }
}
