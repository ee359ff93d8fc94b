import { searchEndpoints as api, type SearchType } from '@reverie/shared';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../http/route.ts';
import type { NsfwGate } from '../age/age-gate.ts';
import type { RateLimiter, RateLimitRule } from '../../lib/rate-limiter.ts';
import { toSearchResponse } from './search.mapper.ts';
import type { SearchService } from './search.service.ts';

/** Per client address: search is the most expensive read. */
export const SEARCH_LIMIT: RateLimitRule = { name: 'search:ip', limit: 120, windowMs: 60_000 };
const ALL_TYPES: SearchType[] = ['characters', 'creators', 'tags'];

export function searchRoutes(deps: { search: SearchService; rateLimiter: RateLimiter; age: NsfwGate }): FastifyPluginAsync {
  const { search, rateLimiter, age } = deps;
  return async (app) => {
    route(app, api.search, async (req) => {
      await rateLimiter.consume([{ rule: SEARCH_LIMIT, key: req.auth?.userId ?? req.ip }]);
      const { type, ...asked } = req.query;
      const rest = { ...asked, filter: await age.contentFilter(req, asked.filter) };
      const types = type === undefined ? ALL_TYPES : Array.isArray(type) ? type : [type];
      return toSearchResponse(await search.search({ ...rest, types }, req.auth));
    });
  };
}
