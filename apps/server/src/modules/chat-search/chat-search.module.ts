import type { RateLimiter } from '../../lib/rate-limiter.ts';
import { chatSearchRoutes } from './chat-search.routes.ts';
import { ChatSearchService, type ChatSearchUnitOfWork } from './chat-search.service.ts';

/** Search in chats and the pages of a long conversation (issue 32). */
export function createChatSearchModule(deps: { uow: ChatSearchUnitOfWork; rateLimiter: RateLimiter }) {
  const search = new ChatSearchService(deps.uow);
  return { services: { chatSearch: search }, routes: chatSearchRoutes({ search, rateLimiter: deps.rateLimiter }) };
}
