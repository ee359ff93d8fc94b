// Ratings: 1–5 stars, one per user and character, changeable. Only someone who has chatted with a character may rate
// it (and never its creator), so the average speaks for people who tried it. "Top rated" sorts by a Bayesian average.
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { Actor } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import { assertVisible } from '../characters/character-access.ts';
import type { CharactersRepo } from '../characters/characters.repo.ts';
import type { RatingsRepo, RatingSummary } from './ratings.repo.ts';

/**
 * The prior of "Top rated": every character starts as if it had PRIOR.weight ratings of PRIOR.mean stars (the middle
 * of the scale), so one 5-star rating (score 3.33) does not outrank twenty ratings averaging 4.6 (score 4.2).
 */
export const RATING_PRIOR = { mean: 3, weight: 5 } as const;

/** A character's ratings as this actor sees them: the summary, their own stars, and why they may not rate (or null). */
export interface RatingView {
  summary: RatingSummary;
  mine: number | null;
  refusal: string | null;
}

export class RatingsService {
  constructor(private readonly uow: UnitOfWork<{ characters: CharactersRepo; ratings: RatingsRepo }>) {}

  /** Why this actor may not rate the character, or null when they may. */
  private async refusal(actor: Actor, c: { creatorId: string }, characterId: string): Promise<string | null> {
    if (c.creatorId === actor.userId) return 'You cannot rate your own character.';
    if (!(await this.uow.repos.ratings.hasChatted(actor.userId, characterId))) {
      return 'Chat with this character first: ratings come from people who have talked with it.';
    }
    return null;
  }

  async get(actor: Actor, characterId: string): Promise<RatingView> {
    const { characters, ratings } = this.uow.repos;
    const c = assertVisible(actor, await characters.findAccess(characterId));
    const [summary, mine, refusal] = await Promise.all([
      ratings.summary(characterId),
      ratings.mine(actor.userId, characterId),
      this.refusal(actor, c, characterId),
    ]);
    return { summary, mine, refusal };
  }

  async rate(actor: Actor, characterId: string, stars: number): Promise<RatingView> {
    const c = assertVisible(actor, await this.uow.repos.characters.findAccess(characterId));
    const reason = await this.refusal(actor, c, characterId);
    if (reason) throw AppError.forbidden(reason);
    const summary = await this.uow.run(async ({ ratings }) => {
      await ratings.upsert(actor.userId, characterId, stars);
      return ratings.recompute(characterId, RATING_PRIOR);
    });
    return { summary, mine: stars, refusal: null };
  }
}
