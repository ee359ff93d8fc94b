// The public catalogue's feeds: one page in each order (popular, new, top-rated, trending, following, for-you) and
// their totals. The character rows themselves, and the card columns and predicates these reads share, are in
// characters.repo.ts.
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { reusable, statementName } from '../../db/prepared.ts';
import { characterLikes, characters, favorites, follows, users } from '../../db/schema/index.ts';
import { cardColumns, listed, textArray, TRENDING_DAYS, type CardRow } from './characters.repo.ts';

export type FeedSort = 'popular' | 'new' | 'trending' | 'top-rated' | 'for-you' | 'following';

export interface FeedFilter {
  nsfw?: boolean;
  /** Characters carrying this tag. */
  tag?: string;
  /** Characters carrying any of these tags. */
  anyTags?: string[];
  /** Only characters created after this date. */
  since?: Date;
  minRatings?: number;
}

export interface FeedRequest extends FeedFilter {
  sort: FeedSort;
  limit: number;
  offset: number;
  /** for-you: the viewer's selected tags and whom they follow. following: the viewer. */
  viewerId?: string;
  selectedTags?: string[];
}

export class CharacterFeedRepo {
  constructor(private readonly db: DbOrTx) {}

  private filterSql(f: FeedFilter): SQL[] {
    const out: SQL[] = [listed];
    if (f.nsfw !== undefined) out.push(sql`${characters.nsfw} = ${f.nsfw}`);
    if (f.tag) out.push(sql`${characters.tagNames} @> ${textArray([f.tag])}`);
    if (f.anyTags?.length) out.push(sql`${characters.tagNames} && ${textArray(f.anyTags)}`);
    if (f.since) out.push(sql`${characters.createdAt} >= ${f.since.toISOString()}`);
    if (f.minRatings) out.push(sql`${characters.ratingCount} >= ${f.minRatings}`);
    return out;
  }

  /** One page of the public catalogue in the requested order. */
  async feed(req: FeedRequest): Promise<CardRow[]> {
    if (
      (req.sort === 'popular' || req.sort === 'new' || req.sort === 'top-rated') &&
      !req.tag &&
      !req.anyTags?.length &&
      !req.since &&
      !req.minRatings
    ) {
      return this.orderedFeed(req.sort, req.nsfw, req.limit, req.offset);
    }
    const where = this.filterSql(req);
    const base = () => this.db.select(cardColumns).from(characters).innerJoin(users, eq(users.id, characters.creatorId));
    switch (req.sort) {
      case 'popular':
        return base()
          .where(and(...where))
          .orderBy(desc(characters.likesCount), asc(characters.id))
          .limit(req.limit)
          .offset(req.offset) as Promise<CardRow[]>;
      case 'new':
        return base()
          .where(and(...where))
          .orderBy(desc(characters.createdAt), asc(characters.id))
          .limit(req.limit)
          .offset(req.offset) as Promise<CardRow[]>;
      case 'top-rated':
        return base()
          .where(and(...where))
          .orderBy(desc(characters.ratingScore), desc(characters.ratingCount), asc(characters.id))
          .limit(req.limit)
          .offset(req.offset) as Promise<CardRow[]>;
      case 'following':
        return base()
          .innerJoin(follows, and(eq(follows.followeeId, characters.creatorId), eq(follows.followerId, req.viewerId!)))
          .where(and(...where))
          .orderBy(desc(characters.createdAt), asc(characters.id))
          .limit(req.limit)
          .offset(req.offset) as Promise<CardRow[]>;
      case 'trending': {
        const recent = this.recentActivity();
        return base()
          .innerJoin(recent, eq(recent.characterId, characters.id))
          .where(and(...where))
          .orderBy(desc(recent.score), desc(characters.likesCount), asc(characters.id))
          .limit(req.limit)
          .offset(req.offset) as Promise<CardRow[]>;
      }
      case 'for-you':
        return this.forYou(req, where);
    }
  }

  /** The plain catalogue orders (the home feed's hot path): prepared once per shape, then only values are bound. */
  private orderedFeed(sort: 'popular' | 'new' | 'top-rated', nsfw: boolean | undefined, limit: number, offset: number): Promise<CardRow[]> {
    const key = `feed_${sort}_${nsfw === undefined ? 'all' : 'rating'}`;
    const query = reusable(this.db, key, () => {
      const order =
        sort === 'popular'
          ? [desc(characters.likesCount), asc(characters.id)]
          : sort === 'new'
            ? [desc(characters.createdAt), asc(characters.id)]
            : [desc(characters.ratingScore), desc(characters.ratingCount), asc(characters.id)];
      return this.db
        .select(cardColumns)
        .from(characters)
        .innerJoin(users, eq(users.id, characters.creatorId))
        .where(and(listed, nsfw === undefined ? undefined : sql`${characters.nsfw} = ${sql.placeholder('nsfw')}`))
        .orderBy(...order)
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset'))
        .prepare(statementName(key));
    });
    return query.execute({ nsfw, limit, offset }) as Promise<CardRow[]>;
  }

  async countFeed(req: Omit<FeedRequest, 'limit' | 'offset'>): Promise<number> {
    const where = this.filterSql(req);
    let q;
    if (req.sort === 'following') {
      q = this.db
        .select({ n: sql<number>`count(*)::int` })
        .from(characters)
        .innerJoin(follows, and(eq(follows.followeeId, characters.creatorId), eq(follows.followerId, req.viewerId!)))
        .where(and(...where));
    } else if (req.sort === 'trending') {
      const recent = this.recentActivity();
      q = this.db
        .select({ n: sql<number>`count(*)::int` })
        .from(characters)
        .innerJoin(recent, eq(recent.characterId, characters.id))
        .where(and(...where));
    } else {
      q = this.db
        .select({ n: sql<number>`count(*)::int` })
        .from(characters)
        .where(and(...where));
    }
    const [row] = await q;
    return row?.n ?? 0;
  }

  /** Likes (1) and favorites (2) in the trending window, newer ones weighing more. */
  private recentActivity() {
    const since = sql`now() - make_interval(days => ${TRENDING_DAYS})`;
    const weight = (col: SQL) => sql`1.0 / (1 + extract(epoch from now() - ${col}) / 86400)`;
    const events = this.db
      .select({ characterId: characterLikes.characterId, w: sql<number>`${weight(sql`${characterLikes.createdAt}`)}`.as('w') })
      .from(characterLikes)
      .where(sql`${characterLikes.createdAt} >= ${since}`)
      .unionAll(
        this.db
          .select({ characterId: favorites.characterId, w: sql<number>`2 * ${weight(sql`${favorites.createdAt}`)}`.as('w') })
          .from(favorites)
          .where(sql`${favorites.createdAt} >= ${since}`),
      )
      .as('events');
    return this.db
      .select({ characterId: events.characterId, score: sql<number>`sum(${events.w})`.as('score') })
      .from(events)
      .groupBy(events.characterId)
      .as('recent');
  }

  /**
   * Tag overlap with the viewer's picks (×3), a followed creator (+2), popularity (log of likes) and freshness
   * (30-day half-life), then variety: each further character of the same creator loses 1 point, so one
   * creator cannot fill a page.
   */
  private async forYou(req: FeedRequest, where: SQL[]): Promise<CardRow[]> {
    const selected = req.selectedTags ?? [];
    const overlap = selected.length
      ? sql`cardinality(array(select unnest(${characters.tagNames}) intersect select unnest(${textArray(selected)})))`
      : sql`0`;
    const followed = req.viewerId
      ? sql`(exists (select 1 from ${follows} where ${follows.followerId} = ${req.viewerId} and ${follows.followeeId} = ${characters.creatorId}))::int`
      : sql`0`;
    const score = sql`(3 * ${overlap} + 2 * ${followed} + 0.6 * ln(1 + ${characters.likesCount}) + 2 * power(0.5, extract(epoch from now() - ${characters.createdAt}) / (30 * 86400)))`;
    const scored = this.db
      .select({
        ...cardColumns,
        score: sql<number>`${score}`.as('score'),
        creatorRank: sql<number>`row_number() over (partition by ${characters.creatorId} order by ${score} desc, ${characters.id})`.as(
          'creator_rank',
        ),
      })
      .from(characters)
      .innerJoin(users, eq(users.id, characters.creatorId))
      .where(and(...where))
      .as('scored');
    const rows = await this.db
      .select()
      .from(scored)
      .orderBy(sql`${scored.score} - (${scored.creatorRank} - 1) desc`, asc(scored.id))
      .limit(req.limit)
      .offset(req.offset);
    return rows as unknown as CardRow[];
  }
}
