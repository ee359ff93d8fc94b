import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { characterRatings, characters, chatMessages, conversations } from '../../db/schema/index.ts';

export interface RatingSummary {
  rating: number;
  ratingCount: number;
}

/** Ratings, and the rating, count and Bayesian score kept on characters (recomputed from the rows on every change). */
export class RatingsRepo {
  constructor(private readonly db: DbOrTx) {}

  async mine(userId: string, characterId: string): Promise<number | null> {
    const [row] = await this.db
      .select({ stars: characterRatings.stars })
      .from(characterRatings)
      .where(and(eq(characterRatings.userId, userId), eq(characterRatings.characterId, characterId)));
    return row?.stars ?? null;
  }

  /** Whether the user has sent this character at least one message (in any of their conversations with it). */
  async hasChatted(userId: string, characterId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ one: sql<number>`1` })
      .from(conversations)
      .innerJoin(chatMessages, and(eq(chatMessages.conversationId, conversations.id), eq(chatMessages.role, 'user')))
      .where(and(eq(conversations.userId, userId), eq(conversations.characterId, characterId)))
      .limit(1);
    return row !== undefined;
  }

  async upsert(userId: string, characterId: string, stars: number): Promise<void> {
    await this.db
      .insert(characterRatings)
      .values({ userId, characterId, stars })
      .onConflictDoUpdate({
        target: [characterRatings.characterId, characterRatings.userId],
        set: { stars, updatedAt: sql`now()` },
      });
  }

  /**
   * Average, count and score from the rows. The score is the Bayesian average (priorWeight imaginary ratings of
   * priorMean, plus the real ones); 0 while nobody has rated.
   */
  async recompute(characterId: string, prior: { mean: number; weight: number }): Promise<RatingSummary> {
    const agg = sql`(select count(*)::int as n, coalesce(sum(${characterRatings.stars}), 0)::real as total from ${characterRatings} where ${characterRatings.characterId} = ${characterId})`;
    const [row] = await this.db
      .update(characters)
      .set({
        ratingCount: sql`(select n from ${agg} a)`,
        rating: sql`(select case when n = 0 then 0 else total / n end from ${agg} a)`,
        ratingScore: sql`(select case when n = 0 then 0 else (${prior.mean * prior.weight}::real + total) / (${prior.weight}::real + n) end from ${agg} a)`,
      })
      .where(eq(characters.id, characterId))
      .returning({ rating: characters.rating, ratingCount: characters.ratingCount });
    return row ?? { rating: 0, ratingCount: 0 };
  }

  async summary(characterId: string): Promise<RatingSummary> {
    const [row] = await this.db
      .select({ rating: characters.rating, ratingCount: characters.ratingCount })
      .from(characters)
      .where(eq(characters.id, characterId));
    return row ?? { rating: 0, ratingCount: 0 };
  }
}
