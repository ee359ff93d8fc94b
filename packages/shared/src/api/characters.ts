import {
  CharacterIdBody,
  CharacterPage,
  CharacterProfile,
  CharactersQuery,
  FavoriteResponse,
  LikedCharactersQuery,
  LikedCharactersResponse,
  LikeResponse,
  MergeLocalBody,
  MergeLocalResponse,
  PageQuery,
  UserCharactersQuery,
} from '../schemas/characters.ts';
import { IdParam } from '../schemas/common.ts';
import { defineEndpoint, errorBodies } from './endpoint.ts';

const tags = ['characters'] as const;

export const charactersEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/characters',
    query: CharactersQuery,
    response: CharacterPage,
    auth: 'optional',
    summary: 'The catalogue: public characters, paged, sorted and filtered',
    description:
      "sort=for-you ranks by the caller's selected tags, followed creators, popularity and freshness (guests: popularity and freshness); " +
      "sort=following lists followed creators' characters, newest first (sign-in required). NSFW items are flagged (`nsfw`), " +
      'not dropped, unless `filter=sfw`. `tag` must be a known tag name; `category` is a category id or slug.',
    tags,
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/api/characters/:id',
    params: IdParam,
    response: CharacterProfile,
    auth: 'optional',
    summary: 'A character profile (public or unlisted; private ones only for the owner)',
    tags,
  }),
  like: defineEndpoint({
    method: 'PUT',
    path: '/api/characters/:id/likes',
    params: IdParam,
    response: LikeResponse,
    errors: errorBodies(429),
    auth: 'required',
    summary: 'Like a character (idempotent)',
    tags,
  }),
  likePost: defineEndpoint({
    method: 'POST',
    path: '/api/characters/:id/likes',
    params: IdParam,
    response: LikeResponse,
    errors: errorBodies(429),
    auth: 'required',
    summary: 'Like a character (idempotent; same as PUT)',
    tags,
  }),
  unlike: defineEndpoint({
    method: 'DELETE',
    path: '/api/characters/:id/likes',
    params: IdParam,
    response: LikeResponse,
    errors: errorBodies(429),
    auth: 'required',
    summary: 'Remove a like (idempotent)',
    tags,
  }),
  likedCharacters: defineEndpoint({
    method: 'GET',
    path: '/api/users/:id/likedCharacters',
    params: IdParam,
    query: LikedCharactersQuery,
    response: LikedCharactersResponse,
    auth: 'required',
    summary: 'The characters a user liked, most recent first (own account)',
    tags,
  }),
  userCharacters: defineEndpoint({
    method: 'GET',
    path: '/api/users/:id/characters',
    params: IdParam,
    query: UserCharactersQuery,
    response: CharacterPage,
    auth: 'optional',
    summary: "A creator's characters (the owner sees every visibility, others only public ones)",
    tags,
  }),
} as const;

const favTags = ['favorites'] as const;

export const favoritesEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/favorites',
    query: PageQuery,
    response: CharacterPage,
    auth: 'required',
    summary: "The caller's favorite characters, most recent first",
    tags: favTags,
  }),
  add: defineEndpoint({
    method: 'POST',
    path: '/api/favorites',
    body: CharacterIdBody,
    response: FavoriteResponse,
    errors: errorBodies(429),
    auth: 'required',
    summary: 'Add a favorite (idempotent)',
    tags: favTags,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/api/favorites/:id',
    params: IdParam,
    response: FavoriteResponse,
    errors: errorBodies(429),
    auth: 'required',
    summary: 'Remove a favorite; `id` is the character id (idempotent)',
    tags: favTags,
  }),
  toggle: defineEndpoint({
    method: 'POST',
    path: '/api/favorites/toggle',
    body: CharacterIdBody,
    response: FavoriteResponse,
    errors: errorBodies(429),
    auth: 'required',
    summary: 'Toggle a favorite',
    tags: favTags,
  }),
  mergeLocal: defineEndpoint({
    method: 'POST',
    path: '/api/me/merge-local',
    body: MergeLocalBody,
    response: MergeLocalResponse,
    errors: errorBodies(429),
    auth: 'required',
    summary: "Merge a guest's locally kept likes and favorites into the account (after sign-in; at most 200 of each)",
    tags: favTags,
  }),
} as const;
