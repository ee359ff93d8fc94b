import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { PLANNED_PER_RUN, reusable, statementName } from '../../db/prepared.ts';
import { characters, tags, users, type CharacterRow } from '../../db/schema/index.ts';
import { cardColumns, listed, qcol, type CardRow } from '../characters/characters.repo.ts';

export type TagRow = typeof tags.$inferSelect;
export type { CharacterRow };

/** Full-text candidates ranked per search (the most liked of all matches). */
export const SEARCH_CANDIDATES = 200;

/** The words of a search text: letters and digits only, so nothing the user types reaches tsquery as syntax. */
export function searchWords(q: string): string[] {
  return [...new Set(q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])].slice(0, 8);
}

/** How one search word widens: lexicon words it begins, or (when it begins none) lexicon words that look like it. */
export interface WordExpansion {
  completions: string[];
  similar: string[];
}

/**
 * A tsquery from the words and their expansions: "vamp lib" → `(vamp | vampire | vampires) & (lib | library)`.
 * A word that begins lexicon words (names and tags) is searched as itself and those whole words: exact lexemes
 * are cheap GIN lookups, where a prefix (`vamp:*`) makes the index scan every lexeme from "vamp" on (measured
 * 20–45 ms at 1M characters for two prefixes, against ~4 ms for the same query in whole words). Only a word that
 * begins nothing in the lexicon keeps its prefix form, plus its look-alikes for typos. Null when nothing is left.
 */
export function buildTsQuery(words: string[], expansions: ReadonlyMap<string, WordExpansion>): string | null {
  if (words.length === 0) return null;
  return words
    .map((w) => {
      const e = expansions.get(w);
      const terms = e && e.completions.length > 0 ? [w, ...e.completions] : [`${w}:*`, ...(e?.similar ?? [])];
      return `(${[...new Set(terms)].join(' | ')})`;
    })
    .join(' & ');
}

/**
 * Expansions per word, kept briefly per database handle: the lexicon only grows when characters are written, and
 * popular searches repeat, so most searches skip the lexicon query. Every character write drops them in every
 * process (the search module listens to the characters' cache scope); this is the bound otherwise.
 */
const EXPANSION_TTL_MS = 30_000;
const EXPANSION_CACHE_MAX = 5_000;
let expansionCaches = new WeakMap<object, Map<string, { at: number; expansion: WordExpansion }>>();

/** Drops every kept expansion (a character was written: its name may complete a word now). */
export function forgetWordExpansions(): void {
  expansionCaches = new WeakMap();
}

/** Characters, creators and tags matching a text: full-text (weighted, prefix) or trigram similarity (typos). */
export class SearchRepo {
  constructor(private readonly db: DbOrTx) {}

  /**
   * Per word, in one round trip: up to 12 lexicon words it begins, itself included (3+ letters; "vamp" → vampire,
   * vampires), and,
   * for a word of 4+ letters that begins none, up to 3 lexicon words that look alike (trigram similarity ≥ 0.45;
   * "seraphna" → seraphina). search_words is kept by a trigger (migration 0003_search), outside the Drizzle
   * schema. Words are letters and digits only, so they carry no LIKE wildcards.
   */
  async expandWords(words: string[]): Promise<Map<string, WordExpansion>> {
    const out = new Map<string, WordExpansion>();
    let cache = expansionCaches.get(this.db);
    if (!cache) expansionCaches.set(this.db, (cache = new Map()));
    const now = Date.now();
    const candidates: string[] = [];
    for (const w of words) {
      if (w.length < 3) continue;
      const hit = cache.get(w);
      if (hit && now - hit.at < EXPANSION_TTL_MS) out.set(w, hit.expansion);
      else candidates.push(w);
    }
    if (candidates.length === 0) return out;
    const query = reusable(this.db, 'search_expand', () =>
      this.db
        .select({
          word: sql<string>`q.w`,
          completions: sql<string[]>`c.completions`,
          similar: sql<string[]>`
          case when cardinality(c.completions) = 0 and length(q.w) >= 4 then array(
            select s.word from search_words s
            where s.word % q.w and similarity(s.word, q.w) >= 0.45
            order by similarity(s.word, q.w) desc, s.word limit 3
          ) else '{}'::text[] end`,
        })
        .from(
          sql`unnest(${sql.placeholder('words')}::text[]) as q(w)
          cross join lateral (select array(
            select p.word from search_words p where p.word like q.w || '%' order by length(p.word), p.word limit 12
          ) as completions) c`,
        )
        .prepare(statementName('search_expand')),
    );
    const rows = await query.execute({ words: candidates });
    if (cache.size > EXPANSION_CACHE_MAX) cache.clear();
    for (const r of rows) {
      const expansion = { completions: r.completions, similar: r.similar };
      cache.set(r.word, { at: now, expansion });
      out.set(r.word, expansion);
    }
    return out;
  }

  /**
   * Full-text matches of the widened query (GIN), of which at most 200 — the most liked — are ranked, so the cost
   * stays flat as the catalogue grows: exact name > name prefix > weighted text rank (A name, B tags, C tagline,
   * D description) > name similarity to the text; likes break ties. `total` counts those candidates ("200" = 200+).
   */
  async characters(q: string, opts: { nsfw?: boolean; limit: number; offset: number }): Promise<{ rows: CardRow[]; total: number }> {
    const words = searchWords(q);
    const ts = buildTsQuery(words, await this.expandWords(words));
    if (!ts) return { rows: [], total: 0 };
    const needle = words.join(' ');
    const values = { ts, needle, prefix: `${needle.replace(/[\\%_]/g, '\\$&')}%`, nsfw: opts.nsfw, limit: opts.limit, offset: opts.offset };
    const rows = await this.rankedQuery(opts.nsfw !== undefined).execute(values);
    let total = rows[0]?.total ?? 0;
    if (rows.length === 0 && opts.offset > 0) {
      // Past the last page: the window count came back with no row, so count the candidates on their own.
      const [c] = await this.db
        .select({ n: sql<number>`count(*)::int` })
        .from(this.candidates(opts.nsfw === undefined ? undefined : sql`${opts.nsfw}`, sql`${ts}`).as('cand'));
      total = c?.n ?? 0;
    }
    return { rows: rows as unknown as CardRow[], total };
  }

  /** The 200 most liked listed characters matching the tsquery text `ts` (an index walk or a GIN lookup). */
  private candidates(nsfw: SQL | undefined, ts: SQL) {
    return this.db
      .select({ id: characters.id, name: characters.name, likesCount: characters.likesCount, searchVector: characters.searchVector })
      .from(characters)
      .where(
        and(
          listed,
          nsfw === undefined ? undefined : sql`${characters.nsfw} = ${nsfw}`,
          sql`${characters.searchVector} @@ to_tsquery('english', ${ts})`,
        ),
      )
      .orderBy(desc(characters.likesCount))
      .limit(SEARCH_CANDIDATES);
  }

  /**
   * The ranked page, in two steps so that only the page's rows are read from the table: the candidates and their
   * scores come from the popular index alone (it carries name, search_vector and nsfw; migration 0005), then the
   * 20 winners join their rows and creators. Built once per shape with placeholders (ts, needle, prefix, nsfw, limit,
   * offset) and planned per run: which index serves a search depends on how many characters match.
   */
  private rankedQuery(byRating: boolean) {
    return reusable(this.db, `search_ranked_${byRating ? 'rating' : 'all'}`, () => {
      const cand = this.db
        .$with('cand')
        .as(this.candidates(byRating ? sql`${sql.placeholder('nsfw')}` : undefined, sql`${sql.placeholder('ts')}`));
      const needle = sql.placeholder('needle');
      const ranked = this.db.$with('ranked').as(
        this.db
          .select({
            id: sql<string>`${cand.id}`.as('ranked_id'),
            score: sql<number>`(
              case when lower(${cand.name}) = ${needle} then 10 else 0 end
              + case when lower(${cand.name}) like ${sql.placeholder('prefix')} then 4 else 0 end
              + 4 * ts_rank(${cand.searchVector}, to_tsquery('english', ${sql.placeholder('ts')}))
              + 3 * word_similarity(${needle}, lower(${cand.name}))
              + 0.05 * ln(1 + ${cand.likesCount})
            )`.as('score'),
            total: sql<number>`(count(*) over ())::int`.as('total'),
          })
          .from(cand)
          .orderBy(sql`score desc`, sql`ranked_id`)
          .limit(sql.placeholder('limit'))
          .offset(sql.placeholder('offset')),
      );
      return this.db
        .with(cand, ranked)
        .select({ ...cardColumns, total: ranked.total })
        .from(ranked)
        .innerJoin(characters, eq(characters.id, ranked.id))
        .innerJoin(users, eq(users.id, characters.creatorId))
        .orderBy(desc(ranked.score), characters.id)
        .prepare(PLANNED_PER_RUN);
    });
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
