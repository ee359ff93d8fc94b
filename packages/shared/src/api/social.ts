import { IdParam } from '../schemas/common.ts';
import {
  CreatorPage,
  FollowQuery,
  FollowResponse,
  FollowStatusResponse,
  TopCreatorsQuery,
  TopCreatorsResponse,
} from '../schemas/social.ts';
import { defineEndpoint, errorBodies } from './endpoint.ts';

const tags = ['social'] as const;

export const socialEndpoints = {
  follow: defineEndpoint({
    method: 'POST',
    path: '/api/follows/users/:id/follow',
    params: IdParam,
    response: FollowResponse,
    errors: errorBodies(429),
    auth: 'required',
    summary: 'Follow a user (idempotent; following yourself is refused with 400)',
    tags,
  }),
  unfollow: defineEndpoint({
    method: 'DELETE',
    path: '/api/follows/users/:id/follow',
    params: IdParam,
    response: FollowResponse,
    errors: errorBodies(429),
    auth: 'required',
    summary: 'Unfollow a user (idempotent)',
    tags,
  }),
  followStatus: defineEndpoint({
    method: 'GET',
    path: '/api/follows/users/:id/follow-status',
    params: IdParam,
    response: FollowStatusResponse,
    auth: 'required',
    summary: 'Whether the caller follows a user',
    tags,
  }),
  following: defineEndpoint({
    method: 'GET',
    path: '/api/users/:id/following',
    params: IdParam,
    query: FollowQuery,
    response: CreatorPage,
    auth: 'optional',
    summary: 'Who a user follows, most recent first',
    tags,
  }),
  followers: defineEndpoint({
    method: 'GET',
    path: '/api/users/:id/followers',
    params: IdParam,
    query: FollowQuery,
    response: CreatorPage,
    auth: 'optional',
    summary: "A user's followers, most recent first",
    tags,
  }),
  topCreators: defineEndpoint({
    method: 'GET',
    path: '/api/creators/top',
    query: TopCreatorsQuery,
    response: TopCreatorsResponse,
    auth: 'optional',
    summary: "Top creators by the period's likes, chats and new followers (default month)",
    tags,
  }),
} as const;
