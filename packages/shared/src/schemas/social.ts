import { z } from 'zod';
import { pageOf, PageQuery } from './characters.ts';

/** A creator as lists show them (followers, following, top creators, search). */
export const CreatorSummary = z
  .object({
    id: z.uuid(),
    username: z.string(),
    avatarUrl: z.string().nullable(),
    bio: z.string().nullable(),
    /** Public characters. */
    characters: z.number().int(),
    followers: z.number().int(),
    /** Likes received on public characters. */
    likes: z.number().int(),
    /** Present when the caller is signed in. */
    isFollowing: z.boolean().optional(),
  })
  .meta({ id: 'CreatorSummary' });
export type CreatorSummary = z.infer<typeof CreatorSummary>;

export const CreatorPage = pageOf(CreatorSummary).meta({ id: 'CreatorPage' });
export type CreatorPage = z.infer<typeof CreatorPage>;

export const FollowQuery = PageQuery;

export const FollowResponse = z.object({ isFollowing: z.boolean(), followers: z.number().int() }).meta({ id: 'FollowResponse' });
export type FollowResponse = z.infer<typeof FollowResponse>;
export const FollowStatusResponse = z.object({ isFollowing: z.boolean() }).meta({ id: 'FollowStatusResponse' });

export const CreatorPeriod = z.enum(['day', 'week', 'month', 'all'], { message: 'period must be one of day, week, month, all' });
export type CreatorPeriod = z.infer<typeof CreatorPeriod>;

export const TopCreatorsQuery = z.object({
  period: CreatorPeriod.default('month'),
  limit: z.coerce
    .number<number>({ message: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(50, 'limit must be at most 50')
    .default(20),
});

export const TopCreator = CreatorSummary.extend({
  rank: z.number().int(),
  /** What the period brought: likes and favorites of their characters, chats started, new followers. */
  periodLikes: z.number().int(),
  periodChats: z.number().int(),
  periodFollowers: z.number().int(),
  score: z.number(),
}).meta({ id: 'TopCreator' });
export type TopCreator = z.infer<typeof TopCreator>;

export const TopCreatorsResponse = z.object({ period: CreatorPeriod, items: z.array(TopCreator) }).meta({ id: 'TopCreatorsResponse' });
export type TopCreatorsResponse = z.infer<typeof TopCreatorsResponse>;
