import type { RateLimiter } from '../../lib/rate-limiter.ts';
import type { CrisisCards } from '../moderation/crisis.service.ts';
import { chatSearchRoutes } from './chat-search.routes.ts';
import { ChatSearchService, type ChatSearchUnitOfWork } from './chat-search.service.ts';

/** Search in chats and the pages of a long conversation (issue 32). */
/** `cards`: shows a message's stored crisis card again (the moderation module's crisis protocol). */
export function createChatSearchModule(deps: { uow: ChatSearchUnitOfWork; rateLimiter: RateLimiter; cards: CrisisCards }) {
  const search = new ChatSearchService(deps.uow);
  return { services: { chatSearch: search }, routes: chatSearchRoutes({ search, rateLimiter: deps.rateLimiter, cards: deps.cards }) };
}
