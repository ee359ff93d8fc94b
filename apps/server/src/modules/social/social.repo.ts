import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { characterLikes, characters, follows, users } from '../../db/schema/index.ts';
import { listed, qcol } from '../characters/characters.repo.ts';

export interface CreatorRow {
  id: string;
  username: string;
  avatarUrl: string | null;
  bio: string | null;
  characters: number;
  followers: number;
  likes: number;
}

export interface TopCreatorRow extends CreatorRow {
  periodLikes: number;
  periodChats: number;
  periodFollowers: number;
  score: number;
}

const creatorColumns = {
  id: users.id,
  username: users.username,
  avatarUrl: users.avatarUrl,
  bio: users.bio,
  characters:
    sql<number>`(select count(*)::int from ${characters} where ${qcol(characters.creatorId)} = ${qcol(users.id)} and ${listed})`.as(
      'character_count',
    ),
  followers: sql<number>`(select count(*)::int from ${follows} where ${qcol(follows.followeeId)} = ${qcol(users.id)})`.as('follower_count'),
  likes:
    sql<number>`(select coalesce(sum(${characters.likesCount}), 0)::int from ${characters} where ${qcol(characters.creatorId)} = ${qcol(users.id)} and ${listed})`.as(
      'like_count',
    ),
};

/** Follows between users, and the creator statistics built on follows, likes and characters. */
export class SocialRepo {
  constructor(private readonly db: DbOrTx) {}

  async follow(followerId: string, followeeId: string, at?: Date): Promise<boolean> {
    const rows = await this.db
      .insert(follows)
      .values({ followerId, followeeId, ...(at ? { createdAt: at } : {}) })
      .onConflictDoNothing()
      .returning({ id: follows.followeeId });
    return rows.length > 0;
  }

  /** Bulk insert for seeding; existing pairs are left alone (counters are recounted afterwards). */
  async insertMany(rows: Array<{ followerId: string; followeeId: string; createdAt: Date }>): Promise<void> {
    for (let i = 0; i < rows.length; i += 1000) {
      await this.db
        .insert(follows)
        .values(rows.slice(i, i + 1000))
        .onConflictDoNothing();
    }
  }

  async unfollow(followerId: string, followeeId: string): Promise<boolean> {
    const rows = await this.db
      .delete(follows)
      .where(and(eq(follows.followerId, followerId), eq(follows.followeeId, followeeId)))
      .returning({ id: follows.followeeId });
    return rows.length > 0;
  }

  async isFollowing(followerId: string, followeeId: string): Promise<boolean> {
    const rows = await this.db
      .select({ id: follows.followeeId })
      .from(follows)
      .where(and(eq(follows.followerId, followerId), eq(follows.followeeId, followeeId)));
    return rows.length > 0;
  }

  async followingAmong(followerId: string, userIds: string[]): Promise<Set<string>> {
    if (userIds.length === 0) return new Set();
    const rows = await this.db
      .select({ id: follows.followeeId })
      .from(follows)
      .where(and(eq(follows.followerId, followerId), inArray(follows.followeeId, userIds)));
    return new Set(rows.map((r) => r.id));
  }

  async followerCount(userId: string): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(follows)
      .where(eq(follows.followeeId, userId));
    return row?.n ?? 0;
  }

  /** Counts for a profile; `includeHidden` (the owner) counts unlisted and private characters too. */
  async counts(userId: string, includeHidden: boolean) {
    const own = includeHidden ? sql`${characters.deletedAt} is null` : listed;
    const [row] = await this.db
      .select({
        characters: sql<number>`(select count(*)::int from ${characters} where ${characters.creatorId} = ${userId} and ${own})`,
        followers: sql<number>`(select count(*)::int from ${follows} where ${follows.followeeId} = ${userId})`,
        following: sql<number>`(select count(*)::int from ${follows} where ${follows.followerId} = ${userId})`,
        likesReceived: sql<number>`(select coalesce(sum(${characters.likesCount}), 0)::int from ${characters} where ${characters.creatorId} = ${userId} and ${own})`,
      })
      .from(sql`(select 1) as one`);
    return row!;
  }

  /** Followers of a user (`direction: 'followers'`) or whom they follow, most recent first, as creator rows. */
  async followPage(userId: string, direction: 'followers' | 'following', limit: number, offset: number) {
    const [mine, other] = direction === 'followers' ? [follows.followeeId, follows.followerId] : [follows.followerId, follows.followeeId];
    const [rows, [count]] = await Promise.all([
      this.db
        .select(creatorColumns)
        .from(follows)
        .innerJoin(users, eq(users.id, other))
        .where(eq(mine, userId))
        .orderBy(desc(follows.createdAt), desc(other))
        .limit(limit)
        .offset(offset),
      this.db
        .select({ n: sql<number>`count(*)::int` })
        .from(follows)
        .where(eq(mine, userId)),
    ]);
    return { rows: rows as CreatorRow[], total: count?.n ?? 0 };
  }

  /**
   * Creators with at least one public character, ranked by what the period brought: likes on their public
   * characters (×1), new followers (×3) and chats (×0.1; chat starts are not recorded per day yet, so only the
   * all-time period counts them, from the characters' chat counters).
   */
  async topCreators(since: Date | null, limit: number): Promise<TopCreatorRow[]> {
    const likeWindow = since ? sql`and ${qcol(characterLikes.createdAt)} >= ${since.toISOString()}` : sql``;
    const followWindow = since ? sql`and ${qcol(follows.createdAt)} >= ${since.toISOString()}` : sql``;
    const periodLikes = sql`(select count(*)::int from ${characterLikes} join ${characters} on ${qcol(characters.id)} = ${qcol(characterLikes.characterId)} where ${qcol(characters.creatorId)} = ${qcol(users.id)} and ${listed} ${likeWindow})`;
    const periodFollowers = sql`(select count(*)::int from ${follows} where ${qcol(follows.followeeId)} = ${qcol(users.id)} ${followWindow})`;
    const periodChats = since
      ? sql`0`
      : sql`(select coalesce(sum(${characters.chatCount}), 0)::int from ${characters} where ${qcol(characters.creatorId)} = ${qcol(users.id)} and ${listed})`;
    const ranked = this.db
      .select({
        ...creatorColumns,
        periodLikes: sql<number>`${periodLikes}`.as('period_likes'),
        periodFollowers: sql<number>`${periodFollowers}`.as('period_followers'),
        periodChats: sql<number>`${periodChats}`.as('period_chats'),
      })
      .from(users)
      .where(sql`exists (select 1 from ${characters} where ${qcol(characters.creatorId)} = ${qcol(users.id)} and ${listed})`)
      .as('ranked');
    const score = sql<number>`(${ranked.periodLikes} + 3 * ${ranked.periodFollowers} + 0.1 * ${ranked.periodChats})::float8`;
    const rows = await this.db
      .select({
        id: ranked.id,
        username: ranked.username,
        avatarUrl: ranked.avatarUrl,
        bio: ranked.bio,
        characters: ranked.characters,
        followers: ranked.followers,
        likes: ranked.likes,
        periodLikes: ranked.periodLikes,
        periodFollowers: ranked.periodFollowers,
        periodChats: ranked.periodChats,
        score: score.as('score'),
      })
      .from(ranked)
      .orderBy(desc(score), desc(ranked.likes), ranked.username)
      .limit(limit);
    return rows as TopCreatorRow[];
  }

  /** Creator rows for these user ids, in the given order. */
  async creatorsByIds(ids: string[]): Promise<CreatorRow[]> {
    if (ids.length === 0) return [];
    const rows = (await this.db.select(creatorColumns).from(users).where(inArray(users.id, ids))) as CreatorRow[];
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }
}
