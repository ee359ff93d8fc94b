// Follows between users and the creator rankings built on them.
import type { CreatorPeriod } from '@reverie/shared';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { Actor } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import { pageOf } from '../characters/characters.service.ts';
import type { UsersRepo } from '../users/users.repo.ts';
import { toCreatorSummary, toTopCreator } from './social.mapper.ts';
import type { CreatorRow, SocialRepo } from './social.repo.ts';

const PERIOD_DAYS: Record<CreatorPeriod, number | null> = { day: 1, week: 7, month: 30, all: null };

/** Told about new follows after they are stored (notifications). */
export interface FollowEvents {
  followed(followerId: string, followeeId: string): void;
}

/** Whether the actor now follows the user, and how many people do. */
export interface FollowState {
  following: boolean;
  followers: number;
}

export class SocialService {
  constructor(
    private readonly uow: UnitOfWork<{ social: SocialRepo; users: UsersRepo }>,
    private readonly events?: FollowEvents,
  ) {}

  private async requireUser(id: string) {
    if (!(await this.uow.repos.users.findById(id))) throw AppError.notFound('User');
  }

  async follow(actor: Actor, userId: string): Promise<FollowState> {
    if (actor.userId === userId) throw AppError.badRequest('You cannot follow yourself');
    const { added, answer } = await this.uow.run(async ({ social }) => {
      await this.requireUser(userId);
      const added = await social.follow(actor.userId, userId);
      return { added, answer: { following: true, followers: await social.followerCount(userId) } };
    });
    if (added) this.events?.followed(actor.userId, userId);
    return answer;
  }

  unfollow(actor: Actor, userId: string): Promise<FollowState> {
    if (actor.userId === userId) throw AppError.badRequest('You cannot follow yourself');
    return this.uow.run(async ({ social }) => {
      await this.requireUser(userId);
      await social.unfollow(actor.userId, userId);
      return { following: false, followers: await social.followerCount(userId) };
    });
  }

  async isFollowing(actor: Actor, userId: string): Promise<boolean> {
    await this.requireUser(userId);
    return actor.userId !== userId && this.uow.repos.social.isFollowing(actor.userId, userId);
  }

  async followPage(userId: string, direction: 'followers' | 'following', page: number, limit: number, actor: Actor | null) {
    await this.requireUser(userId);
    const { rows, total } = await this.uow.repos.social.followPage(userId, direction, limit, (page - 1) * limit);
    return pageOf(await this.summaries(rows, actor), page, limit, total);
  }

  async topCreators(period: CreatorPeriod, limit: number, actor: Actor | null) {
    const days = PERIOD_DAYS[period];
    const rows = await this.uow.repos.social.topCreators(days === null ? null : new Date(Date.now() - days * 86_400_000), limit);
    const following = actor
      ? await this.uow.repos.social.followingAmong(
          actor.userId,
          rows.map((r) => r.id),
        )
      : undefined;
    return { period, items: rows.map((r, i) => toTopCreator(r, i + 1, following)) };
  }

  /** Creator summaries for these ids in order (search). */
  async creatorsByIds(ids: string[], actor: Actor | null) {
    return this.summaries(await this.uow.repos.social.creatorsByIds(ids), actor);
  }

  /** A profile's counts: the owner (and admins) count every character they have, others only public ones. */
  async counts(userId: string, actor: Actor | null) {
    const includeHidden = !!actor && (actor.userId === userId || actor.role === 'admin');
    return this.uow.repos.social.counts(userId, includeHidden);
  }

  private async summaries(rows: CreatorRow[], actor: Actor | null) {
    const following = actor
      ? await this.uow.repos.social.followingAmong(
          actor.userId,
          rows.map((r) => r.id),
        )
      : undefined;
    return rows.map((r) => toCreatorSummary(r, following));
  }
}
