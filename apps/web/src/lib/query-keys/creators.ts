import type { CreatorPeriod } from '@reverie/shared';

export type FollowListKind = 'followers' | 'following';

/** Query keys of the creators feature (top creators, follow lists; profiles live under usersKeys). */
export const creatorsKeys = {
  all: ['creators'] as const,
  top: (period: CreatorPeriod) => [...creatorsKeys.all, 'top', period] as const,
  follows: (kind: FollowListKind, userId: string) => [...creatorsKeys.all, kind, userId] as const,
};
