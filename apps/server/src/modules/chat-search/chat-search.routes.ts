import { chatSearchEndpoints as api } from '@reverie/shared';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../http/route.ts';
import type { RateLimiter, RateLimitRule } from '../../lib/rate-limiter.ts';
import { authOf } from '../../plugins/authenticate.ts';
import { toChatSearchResults, toConversationSearchPage, toMessageWindow } from './chat-search.mapper.ts';
import type { ChatSearchService } from './chat-search.service.ts';
import type { CrisisCards } from '../moderation/crisis.service.ts';

/** Per client address, as the catalogue's search. */
export const CHAT_SEARCH_LIMIT: RateLimitRule = { name: 'chat-search:ip', limit: 120, windowMs: 60_000 };

export function chatSearchRoutes(deps: { search: ChatSearchService; rateLimiter: RateLimiter; cards: CrisisCards }): FastifyPluginAsync {
  const { search, rateLimiter, cards } = deps;
  const limit = (ip: string) => rateLimiter.consume([{ rule: CHAT_SEARCH_LIMIT, key: ip }]);
  return async (app) => {
    route(app, api.all, async (req) => {
      await limit(req.ip);
      return toChatSearchResults(req.query.q, await search.acrossConversations(authOf(req), req.query));
    });
    route(app, api.inConversation, async (req) => {
      await limit(req.ip);
      return toConversationSearchPage(req.query.q, await search.inConversation(authOf(req), req.params.id, req.query));
    });
    route(app, api.messages, async (req) => toMessageWindow(await search.messages(authOf(req), req.params.id, req.query), cards));
  };
}
