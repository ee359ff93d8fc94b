import type { CreatorSummary, FollowResponse, TopCreator } from '@reverie/shared';
import type { CreatorRow, TopCreatorRow } from './social.repo.ts';
import type { FollowState } from './social.service.ts';

export const toFollowResponse = (s: FollowState): FollowResponse => ({ isFollowing: s.following, followers: s.followers });

export function toCreatorSummary(row: CreatorRow, following?: ReadonlySet<string>): CreatorSummary {
  return {
    id: row.id,
    username: row.username,
    avatarUrl: row.avatarUrl,
    bio: row.bio,
    characters: row.characters,
    followers: row.followers,
    likes: row.likes,
    ...(following ? { isFollowing: following.has(row.id) } : {}),
  };
}

export function toTopCreator(row: TopCreatorRow, rank: number, following?: ReadonlySet<string>): TopCreator {
  return {
    ...toCreatorSummary(row, following),
    rank,
    periodLikes: row.periodLikes,
    periodChats: row.periodChats,
    periodFollowers: row.periodFollowers,
    score: Math.round(row.score * 10) / 10,
  };
}
